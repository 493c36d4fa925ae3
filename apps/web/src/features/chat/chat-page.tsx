import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useSearchParams } from 'react-router';
import { accountPageSx } from '../../components/account-page-title.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { useChatList } from './api/get-chat-list.ts';
import { ConversationList } from './components/conversation-list.tsx';
import { Thread } from './components/thread.tsx';
import { Composer } from './components/composer.tsx';
import { BroadcastButton } from './components/broadcast-dialog.tsx';
import { ChatAvatar } from './components/chat-avatar.tsx';

const PANE_HEIGHT = { xs: 'calc(100vh - 220px)', md: 640 };

/**
 * /chat: conversations on the left, the open one on the right (?conversation=<id>, where the
 * unread mail links). On a phone one pane at a time, with a way back to the list.
 */
export function ChatPage() {
  usePageMeta({ title: 'Messages', description: 'Talk with your coaches and the KikStart office.' });
  const list = useChatList();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('conversation');
  const roles = useAppSelector((s) => s.session.userData?.roles ?? []);
  const conversations = list.data?.conversations ?? [];
  const selected = conversations.find((c) => c.id === selectedId) ?? null;
  const select = (id: string | null) => setParams(id ? { conversation: id } : {});

  return (
    <Container maxWidth="lg" sx={accountPageSx}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 } }}>
            Messages
          </Typography>
          <Typography color="text.secondary">
            {roles.includes('parent')
              ? 'Talk with your children’s coaches and the KikStart office.'
              : 'Talk with the families of your programs.'}
          </Typography>
        </Box>
        {roles.includes('coach') && <BroadcastButton />}
      </Stack>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>Your conversations could not be loaded.</LoadError>
      ) : (
        <Paper variant="outlined" sx={{ display: 'flex', height: PANE_HEIGHT, minHeight: 420, overflow: 'hidden' }}>
          <Box
            component="section"
            aria-label="Conversation list"
            sx={{
              width: { xs: '100%', md: 340 },
              flexShrink: 0,
              borderRight: { md: 1 },
              borderColor: { md: 'divider' },
              overflowY: 'auto',
              p: 1,
              display: { xs: selectedId ? 'none' : 'block', md: 'block' },
            }}
          >
            {list.isPending ? (
              <Stack spacing={1} aria-busy="true" aria-label="Loading conversations">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} variant="rounded" animation="wave" height={72} />
                ))}
              </Stack>
            ) : conversations.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 2 }}>
                No conversations yet. Families appear here once a child is enrolled in one of your programs; the office
                sees a family here after its first message.
              </Typography>
            ) : (
              <ConversationList conversations={conversations} selectedId={selectedId} onSelect={select} />
            )}
          </Box>
          <Box
            component="section"
            aria-label={selected ? `Conversation with ${selected.title}` : 'Conversation'}
            sx={{
              flex: 1,
              minWidth: 0,
              display: { xs: selectedId ? 'flex' : 'none', md: 'flex' },
              flexDirection: 'column',
            }}
          >
            {selected ? (
              <>
                <Box
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    p: 1.5,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Button
                    onClick={() => select(null)}
                    startIcon={<ArrowBackIcon />}
                    sx={{ display: { md: 'none' } }}
                    aria-label="Back to conversations"
                  >
                    Back
                  </Button>
                  <ChatAvatar name={selected.title} size={36} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="h2" sx={{ fontSize: 18 }} noWrap>
                      {selected.title}
                    </Typography>
                    {selected.subtitle && (
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {selected.subtitle}
                      </Typography>
                    )}
                  </Box>
                </Box>
                <Box sx={{ flex: 1, overflowY: 'auto' }}>
                  <Thread key={selected.id} conversationId={selected.id} />
                </Box>
                {selected.canSend ? (
                  <Composer key={selected.id} conversationId={selected.id} />
                ) : (
                  <Typography color="text.secondary" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
                    This conversation is closed: no child of this family is enrolled in this coach’s programs now. Write
                    to the KikStart Office instead.
                  </Typography>
                )}
              </>
            ) : list.isPending ? (
              <Skeleton variant="rectangular" animation="wave" sx={{ flex: 1 }} />
            ) : selectedId ? (
              <Typography color="text.secondary" sx={{ m: 'auto', p: 3, textAlign: 'center' }}>
                This conversation is not in your list. Choose one from the list.
              </Typography>
            ) : (
              <Typography color="text.secondary" sx={{ m: 'auto', p: 3, textAlign: 'center' }}>
                Choose a conversation to read and reply.
              </Typography>
            )}
          </Box>
        </Paper>
      )}
    </Container>
  );
}
