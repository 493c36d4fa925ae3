import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { formatDateTime } from '../../lib/format/dates.ts';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs.tsx';
import { useReceipt } from './api/get-receipt.ts';
import { ReceiptLines } from './components/receipt-lines.tsx';

/** Hidden on paper: the breadcrumbs and buttons here, and (only while this page is shown) the site's header, footer, skip link and toasts. */
const noPrint = { '@media print': { display: 'none' } } as const;
const printPage = {
  '@media print': {
    'body > #root header, body > #root footer, a[href="#main"], .notistack-SnackbarContainer': {
      display: 'none !important',
    },
    body: { background: '#fff' },
  },
} as const;

/** /account/transactions/:id/receipt: a printable receipt with the operator's name and address, each line, discounts and total. */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  usePageMeta({
    title: receipt.data ? `Receipt ${receipt.data.receiptNumber}` : 'Receipt',
    description: 'A printable receipt for your payment.',
  });
  const r = receipt.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 }, '@media print': { py: 1, maxWidth: 'none' } }}>
      <GlobalStyles styles={printPage} />
      <Box sx={noPrint}>
        <AccountBreadcrumbs trail={[{ label: 'Payments', to: paths.transactions }]} current="Receipt" />
      </Box>
      {receipt.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" component={RouterLink} to={paths.transactions}>
              Your payments
            </Button>
          }
        >
          {receipt.error.message}
        </Alert>
      ) : !r ? (
        <ReceiptSkeleton />
      ) : (
        <Box component="article" aria-labelledby="receipt-heading">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 3 }}>
            <Box>
              <Typography id="receipt-heading" variant="h1" sx={{ fontSize: { xs: 30, md: 36 } }}>
                Receipt
              </Typography>
              <Typography>{`Receipt number ${r.receiptNumber}`}</Typography>
              <Typography>{`Paid ${formatDateTime(r.paidAt)}`}</Typography>
            </Box>
            <Box component="address" sx={{ fontStyle: 'normal', textAlign: { sm: 'right' } }}>
              <Typography sx={{ fontWeight: 700 }}>{r.operator.name}</Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{r.operator.address}</Typography>
              {r.operator.email && <Typography>{r.operator.email}</Typography>}
              {r.operator.phone && <Typography>{r.operator.phone}</Typography>}
            </Box>
          </Stack>
          <Divider sx={{ mb: 2 }} />
          <ReceiptLines receipt={r} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, ...noPrint }}>
            <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
              Print
            </Button>
            <Button component={RouterLink} to={paths.transactions}>
              Back to payments
            </Button>
          </Stack>
        </Box>
      )}
    </Container>
  );
}

const lines = (widths: string[], align: 'left' | 'right' = 'left') =>
  widths.map((w, i) => (
    <Typography key={i}>
      <Skeleton animation="wave" width={w} sx={{ ml: align === 'right' ? 'auto' : 0 }} />
    </Typography>
  ));

/** The receipt while it loads: number and date, the operator's address, the lines table and the buttons, at their sizes. */
function ReceiptSkeleton() {
  return (
    <Box aria-hidden data-testid="receipt-skeleton">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 3 }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h1" component="div" sx={{ fontSize: { xs: 30, md: 36 } }}>
            <Skeleton animation="wave" width={160} />
          </Typography>
          {lines(['45%', '55%'])}
        </Box>
        <Box sx={{ flex: 1 }}>{lines(['50%', '70%', '45%', '40%'], 'right')}</Box>
      </Stack>
      <Divider sx={{ mb: 2 }} />
      <Stack spacing={0.5}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} animation="wave" variant="rounded" height={33} />
        ))}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 4 }}>
        <Skeleton animation="wave" variant="rounded" width={100} height={36.5} />
        <Skeleton animation="wave" variant="rounded" width={150} height={36.5} />
      </Stack>
    </Box>
  );
}
