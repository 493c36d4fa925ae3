import type { Receipt } from '@kikstart/contract/payments';
import { SeatLinesTable, SummaryRow, moneyFormat } from './seat-lines-table.tsx';

/** The receipt's lines and totals, as the server stored them at payment time. */
export function ReceiptLines({ receipt: r }: { receipt: Receipt }) {
  const { money, off } = moneyFormat(r.currency);
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
      <SummaryRow label="Subtotal" value={money(r.subtotalCents)} />
      {r.siblingDiscountCents > 0 && <SummaryRow label="Sibling discount" value={off(r.siblingDiscountCents)} />}
      {r.couponDiscountCents > 0 && (
        <SummaryRow label={`Coupon${r.coupon ? ` ${r.coupon}` : ''}`} value={off(r.couponDiscountCents)} />
      )}
      <SummaryRow label="Total paid" value={money(r.totalCents)} bold />
      {r.refundedCents > 0 && <SummaryRow label="Refunded" value={money(r.refundedCents)} />}
    </SeatLinesTable>
  );
}
