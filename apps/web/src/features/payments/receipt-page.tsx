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
        <Skeleton animation="wave" variant="rounded" height={360} aria-hidden />
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
