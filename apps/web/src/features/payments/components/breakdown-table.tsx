import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Breakdown } from '@kikstart/contract/payments';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';
import { ScrollTable } from '../../../components/scroll-table.tsx';

/** The server's price breakdown, line by line: price, sibling discount, coupon, total. Nothing here is computed in the browser. */
export function BreakdownTable({ breakdown: b, caption }: { breakdown: Breakdown; caption: string }) {
  const money = (cents: number) => formatMoneyFromCents(cents, b.currency);
  const off = (cents: number) => (cents ? `−${money(cents)}` : '—');
  return (
    <>
      <ScrollTable label={`${caption} (scrolls sideways)`}>
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              <TableCell>Seat</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Sibling discount</TableCell>
              <TableCell align="right">Coupon</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {b.lines.map((l) => (
              <TableRow key={l.enrollmentId}>
                <TableCell>{`${l.childName} · ${l.programTitle}`}</TableCell>
                <TableCell align="right">{money(l.priceCents)}</TableCell>
                <TableCell align="right">{off(l.siblingDiscountCents)}</TableCell>
                <TableCell align="right">{off(l.couponDiscountCents)}</TableCell>
                <TableCell align="right">{money(l.totalCents)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                Total to pay
              </TableCell>
              <TableCell align="right">{money(b.subtotalCents)}</TableCell>
              <TableCell align="right">{off(b.siblingDiscountCents)}</TableCell>
              <TableCell align="right">{off(b.couponDiscountCents)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="breakdown-total">
                {money(b.totalCents)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </ScrollTable>
      {(b.siblingDiscountCents > 0 || b.coupon) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {b.siblingDiscountCents > 0 &&
            `Sibling discount: ${b.siblingPercent}% off the lower-priced seats of second and further children in the same term. `}
          {b.coupon && `Coupon ${b.coupon.code}: ${b.coupon.description}.`}
        </Typography>
      )}
    </>
  );
}
