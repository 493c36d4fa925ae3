import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { DevMail } from '@kikstart/contract/auth';
import { ErrorMessage } from '../../components/error-message.tsx';
import { StatusChip, type StatusTone } from '../../components/status-chip.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatChatTimestamp, formatDateTime } from '../../lib/format/dates.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useDevMail } from './api/get-dev-mail.ts';
import { DEV_MAILBOX_PAGE_SIZE, useDevMailbox } from './api/get-dev-mailbox.ts';
import { internalPath } from './mail-link.ts';

const STATUS_TONE: Record<DevMail['status'], StatusTone> = {
  queued: 'info-outline',
  sending: 'info-outline',
  sent: 'success',
  failed: 'error',
};

const isOff = (error: unknown) => error instanceof ApiError && error.is('NOT_FOUND');

/**
 * /dev/mailbox: every mail the API has queued or sent, readable without an SMTP server, so a
 * developer (or an end-to-end test) can follow verification and reset links. Development only:
 * in production the API answers 404 and this page says the mailbox is off.
 */
export function DevMailboxPage() {
  usePageMeta({ title: 'Dev mailbox', description: 'Mail sent by the KikStart API in development, with its links.' });
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const openId = params.get('mail');
  const list = useDevMailbox(page);

  const setParam = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const header = (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, sm: 36 }, mb: 2 }}>
        Dev mailbox
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        This inbox exists only in development without an SMTP server: it shows every mail the API would send
        (verification links, reset codes…) instead of delivering it. In production, or once SMTP is configured, it is
        switched off and mail goes out by SMTP.
      </Alert>
    </>
  );

  if (list.isError) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        {header}
        {isOff(list.error) ? (
          <ErrorMessage
            title="The dev mailbox is off"
            text="Mail is delivered to real inboxes here, so there is nothing to show."
          />
        ) : (
          <ErrorMessage
            title="The mailbox could not be loaded"
            text={list.error.message}
            onRetry={() => void list.refetch()}
          />
        )}
      </Container>
    );
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / DEV_MAILBOX_PAGE_SIZE)) : 1;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      {header}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Card
          component="section"
          aria-labelledby="inbox-title"
          sx={{ display: { xs: openId ? 'none' : 'block', md: 'block' } }}
        >
          <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
              <Typography id="inbox-title" variant="h2" sx={{ fontSize: 20 }}>
                Inbox{data ? ` (${data.total})` : ''}
              </Typography>
              <Button
                size="small"
                startIcon={<Refresh />}
                onClick={() => void list.refetch()}
                disabled={list.isFetching}
                aria-busy={list.isFetching}
              >
                Refresh
              </Button>
            </Stack>
            {!data ? (
              <Box aria-hidden sx={{ px: 2, pb: 2 }}>
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} height={56} />
                ))}
              </Box>
            ) : data.items.length === 0 ? (
              <Typography color="text.secondary" sx={{ px: 2, pb: 3 }}>
                No mail yet. Sign up, ask for a password reset or send a form, and the mail appears here.
              </Typography>
            ) : (
              <List aria-label="Mails, newest first" disablePadding>
                {data.items.map((mail) => (
                  <ListItem key={mail.id} disablePadding divider>
                    <ListItemButton
                      selected={mail.id === openId}
                      aria-current={mail.id === openId ? 'true' : undefined}
                      onClick={() => setParam({ mail: mail.id })}
                    >
                      <Box sx={{ minWidth: 0, flex: 1 }}>
                        <Stack
                          direction="row"
                          spacing={1}
                          sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
                        >
                          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{mail.subject}</Typography>
                          <Typography
                            component="time"
                            dateTime={mail.createdAt}
                            title={formatDateTime(mail.createdAt)}
                            variant="body2"
                            color="text.secondary"
                            sx={{ whiteSpace: 'nowrap' }}
                          >
                            {formatChatTimestamp(mail.createdAt)}
                          </Typography>
                        </Stack>
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          To {mail.to}
                        </Typography>
                      </Box>
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
            {pages > 1 && (
              <Pagination
                count={pages}
                page={page}
                onChange={(_, value) => setParam({ page: String(value), mail: null })}
                sx={{ display: 'flex', justifyContent: 'center', py: 2 }}
                getItemAriaLabel={(type, item) => (type === 'page' ? `Page ${item}` : `Go to the ${type} page`)}
              />
            )}
          </CardContent>
        </Card>
        {openId ? (
          <MailView id={openId} onBack={() => setParam({ mail: null })} />
        ) : (
          <Typography color="text.secondary" sx={{ display: { xs: 'none', md: 'block' }, pt: 2 }}>
            Choose a mail to read it and follow its links.
          </Typography>
        )}
      </Box>
    </Container>
  );
}

function MailView({ id, onBack }: { id: string; onBack: () => void }) {
  const mail = useDevMail(id);
  return (
    <Card component="article" aria-labelledby="mail-subject">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Button size="small" startIcon={<ArrowBack />} onClick={onBack} sx={{ mb: 2, display: { md: 'none' } }}>
          Back to the inbox
        </Button>
        {mail.isError ? (
          <Typography role="alert" color="error">
            {isOff(mail.error) ? 'This mail does not exist (or the dev mailbox is off).' : mail.error.message}
          </Typography>
        ) : !mail.data ? (
          <Box aria-hidden>
            <Skeleton width="70%" height={36} />
            <Skeleton width="40%" />
            <Skeleton height={160} />
          </Box>
        ) : (
          <MailContent mail={mail.data} />
        )}
      </CardContent>
    </Card>
  );
}

function MailContent({ mail }: { mail: DevMail }) {
  const origin = window.location.origin;
  return (
    <>
      <Typography id="mail-subject" variant="h2" sx={{ fontSize: { xs: 20, sm: 24 }, mb: 1, overflowWrap: 'anywhere' }}>
        {mail.subject}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          To {mail.to} · <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
        </Typography>
        <StatusChip tone={STATUS_TONE[mail.status]} label={mail.status} />
      </Stack>
      <Box
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'inherit',
          bgcolor: 'action.hover',
          borderRadius: 1,
          p: 2,
          mb: 3,
        }}
      >
        {mail.text}
      </Box>
      {mail.links.length > 0 && (
        <>
          <Typography variant="h3" sx={{ mb: 1 }}>
            Links in this mail
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {mail.links.map((href) => {
              const path = internalPath(href, origin);
              return (
                <Box component="li" key={href} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                  {path ? (
                    <Link component={RouterLink} to={path}>
                      {href}
                    </Link>
                  ) : (
                    <Link href={href} target="_blank" rel="noopener noreferrer">
                      {href} (opens in a new tab)
                    </Link>
                  )}
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </>
  );
}
