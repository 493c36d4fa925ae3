import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { AccountPageTitle, accountPageSx } from '../../components/account-page-title.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListShell } from '../../components/list-shell.tsx';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from './api/get-transactions.ts';
import { TransactionRow, TransactionRowSkeleton } from './components/transaction-row.tsx';
import { YearlyStatement } from './components/yearly-statement.tsx';

/** /account/transactions: the family's payments, refunds and failed attempts, newest first, paged on the server. */
export function TransactionsPage() {
  usePageMeta({ title: 'Payments', description: 'Your payments, refunds and receipts.' });
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useTransactions(page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / TRANSACTIONS_PAGE_SIZE)) : 1;
  return (
    <Container maxWidth="md" sx={accountPageSx}>
      <AccountPageTitle
        title="Payments"
        action={
          <Button component={RouterLink} to={paths.checkout} variant="outlined">
            Pay for held seats
          </Button>
        }
      />
      <ListShell
        query={list}
        failed="Your payments could not be loaded."
        skeleton={
          <Stack spacing={2}>
            {[0, 1, 2].map((i) => (
              <TransactionRowSkeleton key={i} />
            ))}
          </Stack>
        }
        empty={
          list.data?.items.length === 0 && (
            <EmptyState
              title="No payments yet"
              text="When you pay for a held seat, the payment and its receipt appear here."
              actions={
                <Button component={RouterLink} to={paths.enrollments} variant="contained">
                  See your enrollments
                </Button>
              }
            />
          )
        }
      >
        {() => (
          <Stack spacing={2}>
            <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Payments and refunds">
              {list.data!.items.map((t) => (
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
            <YearlyStatement />
          </Stack>
        )}
      </ListShell>
    </Container>
  );
}
