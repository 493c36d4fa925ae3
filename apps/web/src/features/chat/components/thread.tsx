import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { chatTimestamp, type ChatMessage } from '@kikstart/contract/chat';
import { LoadError } from '../../../components/load-error.tsx';
import { useChatHistory } from '../api/get-chat-history.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { ChatAvatar } from './chat-avatar.tsx';

/**
 * One conversation: older pages on demand, newest at the bottom, §9 timestamps. Whatever the
 * reader sees is marked read (the header's number goes down).
 */
export function Thread({ conversationId }: { conversationId: string }) {
  const history = useChatHistory(conversationId);
  const markRead = useMarkRead();
  const messages = (history.data?.pages.flatMap((p) => p.messages) ?? []).slice().sort((a, b) => a.id - b.id);
  const newest = messages[messages.length - 1];
  const endRef = useRef<HTMLDivElement>(null);
  const unread = history.data?.pages[0]?.conversation.unread ?? 0;
  const { mutate } = markRead;

  useEffect(() => {
    if (!newest) return;
    if (!newest.mine || unread > 0) mutate({ conversationId, upTo: newest.id });
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [conversationId, newest?.id, newest?.mine, unread, mutate, newest]);

  if (history.isPending)
    return (
      <Stack spacing={2} sx={{ p: 2 }} aria-busy="true" aria-label="Loading messages">
        {[0, 1, 2].map((i) => (
          <Skeleton
            key={i}
            variant="rounded"
            animation="wave"
            height={56}
            sx={{ width: i === 1 ? '60%' : '75%', alignSelf: i === 1 ? 'flex-end' : 'flex-start' }}
          />
        ))}
      </Stack>
    );
  if (history.isError)
    return <LoadError onRetry={() => void history.refetch()}>This conversation could not be loaded.</LoadError>;

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      {history.hasNextPage && (
        <Box sx={{ textAlign: 'center', mb: 2 }}>
          <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? 'Loading…' : 'Show older messages'}
          </Button>
        </Box>
      )}
      {messages.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
          No messages yet. Write the first one below.
        </Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Messages">
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} />
          ))}
        </Stack>
      )}
      <div ref={endRef} />
    </Box>
  );
}

function MessageBubble({ message: m }: { message: ChatMessage }) {
  return (
    <Box
      component="li"
      data-testid="chat-message"
      sx={{ display: 'flex', gap: 1, flexDirection: m.mine ? 'row-reverse' : 'row', alignItems: 'flex-end' }}
    >
      {!m.mine && <ChatAvatar name={m.senderName} size={32} />}
      <Box
        sx={(t) => ({
          maxWidth: { xs: '85%', sm: '70%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: m.mine ? (t.palette.mode === 'dark' ? 'grey.800' : 'grey.100') : 'background.paper',
          border: 1,
          borderColor: 'divider',
          overflowWrap: 'anywhere',
        })}
      >
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.25 }}>
          {m.mine ? 'You' : m.senderName}
          {m.programTitle ? ` · to everyone in ${m.programTitle}` : ''}
          {' · '}
          <time dateTime={m.createdAt}>{chatTimestamp(new Date(m.createdAt), new Date())}</time>
        </Typography>
        {m.body && (
          <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="chat-message-body">
            {m.body}
          </Typography>
        )}
        {m.attachment &&
          (m.attachment.isImage ? (
            <Link href={m.attachment.url} target="_blank" rel="noopener" sx={{ display: 'block', mt: m.body ? 1 : 0 }}>
              <Box
                component="img"
                src={m.attachment.url}
                alt={`Picture: ${m.attachment.name}`}
                loading="lazy"
                sx={{
                  display: 'block',
                  maxWidth: '100%',
                  width: 240,
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  borderRadius: 1,
                }}
              />
            </Link>
          ) : (
            <Link
              href={m.attachment.url}
              download={m.attachment.name}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: m.body ? 1 : 0, fontWeight: 600 }}
            >
              <AttachFileIcon fontSize="small" aria-hidden />
              {m.attachment.name} ({formatBytes(m.attachment.bytes)})
            </Link>
          ))}
      </Box>
    </Box>
  );
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
