import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Receipt } from '@kikstart/contract/payments';
import { SeatLinesTable, moneyFormat } from './seat-lines-table.tsx';

/** The receipt's lines and totals, as the server stored them at payment time. */
export function ReceiptLines({ receipt: r }: { receipt: Receipt }) {
  const { money, off } = moneyFormat(r.currency);
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
    <SeatLinesTable
      caption="Receipt lines"
      seatHeading="Enrollment"
      totalHeading="Paid"
      currency={r.currency}
      lines={r.lines.map((l, i) => ({
        ...l,
        key: String(i),
        label: `${l.childName ? `${l.childName} · ${l.programTitle}` : l.programTitle}${l.status === 'refunded' ? ' (refunded)' : ''}`,
      }))}
    >
      {total('Subtotal', money(r.subtotalCents))}
      {r.siblingDiscountCents > 0 && total('Sibling discount', off(r.siblingDiscountCents))}
      {r.couponDiscountCents > 0 && total(`Coupon${r.coupon ? ` ${r.coupon}` : ''}`, off(r.couponDiscountCents))}
      {total('Total paid', money(r.totalCents), true)}
      {r.refundedCents > 0 && total('Refunded', money(r.refundedCents))}
    </SeatLinesTable>
  );
}
