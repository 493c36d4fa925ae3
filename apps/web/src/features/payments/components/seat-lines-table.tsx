import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';
import { ScrollTable } from '../../../components/scroll-table.tsx';

/** One seat's amounts as the server worked them out (a breakdown line or a receipt line). */
export interface SeatAmounts {
  priceCents: number;
  siblingDiscountCents: number;
  couponDiscountCents: number;
  totalCents: number;
}

/** Money in the payment's currency, and a discount as "−$12.00" (or a dash when there is none). */
export function moneyFormat(currency: string) {
  const money = (cents: number) => formatMoneyFromCents(cents, currency);
  return { money, off: (cents: number) => (cents ? `−${money(cents)}` : '—') };
}

/**
 * Seats with total, price, sibling discount and coupon columns: the checkout's breakdown and the
 * receipt. The total comes right after the seat so that a phone (375 px) shows what is paid
 * without scrolling sideways; the parts it is made of follow. The caller adds its own total rows
 * under the lines, with the amount in the second column (`SummaryRow`).
 */
export function SeatLinesTable({
  caption,
  seatHeading,
  totalHeading,
  currency,
  lines,
  children,
}: {
  caption: string;
  seatHeading: string;
  totalHeading: string;
  currency: string;
  lines: (SeatAmounts & { key: string; label: ReactNode })[];
  children: ReactNode;
}) {
  const { money, off } = moneyFormat(currency);
  return (
    <ScrollTable label={`${caption} (scrolls sideways)`}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>{seatHeading}</TableCell>
            <TableCell align="right">{totalHeading}</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Sibling discount</TableCell>
            <TableCell align="right">Coupon</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.key}>
              <TableCell>{l.label}</TableCell>
              <TableCell align="right">{money(l.totalCents)}</TableCell>
              <TableCell align="right">{money(l.priceCents)}</TableCell>
              <TableCell align="right">{off(l.siblingDiscountCents)}</TableCell>
              <TableCell align="right">{off(l.couponDiscountCents)}</TableCell>
            </TableRow>
          ))}
          {children}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}

/** A total under the seat lines: its label, then its amount in the total column. */
export function SummaryRow({ label, value, bold = false }: { label: string; value: string; bold?: boolean }) {
  const weight = { fontWeight: bold ? 700 : 400 };
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={weight}>
        {label}
      </TableCell>
      <TableCell align="right" sx={weight}>
        {value}
      </TableCell>
      <TableCell colSpan={3} />
    </TableRow>
  );
}
