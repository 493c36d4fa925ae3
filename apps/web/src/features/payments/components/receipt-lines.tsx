import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Receipt } from '@kikstart/contract/payments';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';
import { ScrollTable } from '../../../components/scroll-table.tsx';

/** The receipt's lines and totals, as the server stored them at payment time. */
export function ReceiptLines({ receipt: r }: { receipt: Receipt }) {
  const money = (cents: number) => formatMoneyFromCents(cents, r.currency);
  const off = (cents: number) => (cents ? `−${money(cents)}` : '—');
  const total = (label: string, value: string, bold = false) => (
    <TableRow>
      <TableCell component="th" scope="row" colSpan={4} align="right" sx={{ fontWeight: bold ? 700 : 400 }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: bold ? 700 : 400 }}>
        {value}
      </TableCell>
    </TableRow>
  );
  return (
    <ScrollTable label="Receipt lines (scrolls sideways)">
      <Table size="small" aria-label="Receipt lines">
        <TableHead>
          <TableRow>
            <TableCell>Enrollment</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Sibling discount</TableCell>
            <TableCell align="right">Coupon</TableCell>
            <TableCell align="right">Paid</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {r.lines.map((l, i) => (
            <TableRow key={i}>
              <TableCell>
                {l.childName ? `${l.childName} · ${l.programTitle}` : l.programTitle}
                {l.status === 'refunded' && ' (refunded)'}
              </TableCell>
              <TableCell align="right">{money(l.priceCents)}</TableCell>
              <TableCell align="right">{off(l.siblingDiscountCents)}</TableCell>
              <TableCell align="right">{off(l.couponDiscountCents)}</TableCell>
              <TableCell align="right">{money(l.totalCents)}</TableCell>
            </TableRow>
          ))}
          {total('Subtotal', money(r.subtotalCents))}
          {r.siblingDiscountCents > 0 && total('Sibling discount', off(r.siblingDiscountCents))}
          {r.couponDiscountCents > 0 && total(`Coupon${r.coupon ? ` ${r.coupon}` : ''}`, off(r.couponDiscountCents))}
          {total('Total paid', money(r.totalCents), true)}
          {r.refundedCents > 0 && total('Refunded', money(r.refundedCents))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}
