import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Breakdown } from '@kikstart/contract/payments';
import { SeatLinesTable, moneyFormat } from './seat-lines-table.tsx';

/** The server's price breakdown, line by line: price, sibling discount, coupon, total. Nothing here is computed in the browser. */
export function BreakdownTable({ breakdown: b, caption }: { breakdown: Breakdown; caption: string }) {
  const { money, off } = moneyFormat(b.currency);
  return (
    <>
      <SeatLinesTable
        caption={caption}
        seatHeading="Seat"
        totalHeading="Total"
        currency={b.currency}
        lines={b.lines.map((l) => ({ ...l, key: l.enrollmentId, label: `${l.childName} · ${l.programTitle}` }))}
      >
        <TableRow>
          <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
            Total to pay
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="breakdown-total">
            {money(b.totalCents)}
          </TableCell>
          <TableCell align="right">{money(b.subtotalCents)}</TableCell>
          <TableCell align="right">{off(b.siblingDiscountCents)}</TableCell>
          <TableCell align="right">{off(b.couponDiscountCents)}</TableCell>
        </TableRow>
      </SeatLinesTable>
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
