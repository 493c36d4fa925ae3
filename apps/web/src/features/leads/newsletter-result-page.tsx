import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LEAD_MESSAGES } from '@kikstart/contract/leads';
import { paths } from '../../lib/paths.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useNewsletterToken } from './api/newsletter-token.ts';
import type { NewsletterTokenAction } from './api/newsletter-token.ts';

const COPY: Record<NewsletterTokenAction, { title: string; description: string; working: string; failed: string }> = {
  confirm: {
    title: 'Newsletter subscription',
    description: 'Confirm your subscription to the KikStart newsletter.',
    working: 'Confirming your subscription…',
    failed: 'We could not confirm your subscription.',
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    description: 'Stop receiving the KikStart newsletter.',
    working: 'Unsubscribing you…',
    failed: 'We could not unsubscribe you.',
  },
};

/**
 * /newsletter/confirm?token= and /newsletter/unsubscribe?token=: the links in our mails. The
 * token is sent once (also under React's double effects in development) and the result shown.
 */
export function NewsletterResultPage({ action }: { action: NewsletterTokenAction }) {
  const copy = COPY[action];
  usePageMeta({ title: copy.title, description: copy.description });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const mutation = useNewsletterToken(action);
  const sentFor = useRef<string | null>(null);
  const { mutate } = mutation;

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  let result;
  if (!token)
    result = (
      <Alert severity="error">
        {LEAD_MESSAGES.newsletterToken}. Please use the link from the email exactly as it was sent.
      </Alert>
    );
  else if (mutation.isSuccess) result = <Alert severity="success">{mutation.data.message}</Alert>;
  else if (mutation.isError)
    result = (
      <Alert severity="error">
        {copy.failed} {mutation.error.message}
      </Alert>
    );
  else
    result = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{copy.working}</Typography>
      </Stack>
    );

  return (
    <>
      <PageHeader title={copy.title} />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Box aria-live="polite">{result}</Box>
        <Button component={RouterLink} to={paths.home} variant="outlined" sx={{ mt: 4 }}>
          Go to the home page
        </Button>
      </Container>
    </>
  );
}
