import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs.tsx';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from './api/get-transactions.ts';
import { TransactionRow } from './components/transaction-row.tsx';

/** /account/transactions: the family's payments, refunds and failed attempts, newest first, paged on the server. */
export function TransactionsPage() {
  usePageMeta({ title: 'Payments', description: 'Your payments, refunds and receipts.' });
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useTransactions(page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / TRANSACTIONS_PAGE_SIZE)) : 1;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <AccountBreadcrumbs current="Payments" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 4 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 } }}>
          Payments
        </Typography>
        <Button component={RouterLink} to={paths.checkout} variant="outlined">
          Pay for held seats
        </Button>
      </Stack>
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => list.refetch()}>
              Try again
            </Button>
          }
        >
          Your payments could not be loaded.
        </Alert>
      ) : list.isPending ? (
        <Stack spacing={2} aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} animation="wave" variant="rounded" height={80} />
          ))}
        </Stack>
      ) : list.data.items.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h3" component="h2" gutterBottom>
            No payments yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            When you pay for a held seat, the payment and its receipt appear here.
          </Typography>
          <Button component={RouterLink} to={paths.enrollments} variant="contained">
            See your enrollments
          </Button>
        </Box>
      ) : (
        <Stack spacing={2}>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Payments and refunds">
            {list.data.items.map((t) => (
              <TransactionRow key={t.id} transaction={t} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_, p) => setParams(p === 1 ? {} : { page: String(p) })}
              sx={{ alignSelf: 'center' }}
              getItemAriaLabel={(type, p) => (type === 'page' ? `Page ${p}` : `Go to ${type} page`)}
            />
          )}
        </Stack>
      )}
    </Container>
  );
}
