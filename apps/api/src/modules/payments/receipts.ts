import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { checkoutLines, checkouts, transactions } from '@kikstart/db';
import { PAYMENT_MESSAGES, type Receipt } from '@kikstart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import { lineAmounts } from './line-amounts.ts';
import { getContentPage } from '../content/content.service.ts';
import { mailGuardians } from '../mail/mail.service.ts';
import type { MailContent } from '../mail/mail-layout.ts';
import { MAIL_LINK_PATHS, mailLink } from '@kikstart/contract/mail-links';

type LineRow = typeof checkoutLines.$inferSelect;

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Cents as the parent reads them: $1,234.50. (A formatter per currency, made once: making one costs more than using it.) */
export function formatMoney(cents: number, currency: string) {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    moneyFormats.set(code, format);
  }
  return format.format(cents / 100);
}

export const receiptPath = (transactionId: string) => MAIL_LINK_PATHS.receipt.replace(':id', transactionId);

/** What a receipt mail says (`receiptMail`). */
export interface ReceiptFacts {
  checkout: typeof checkouts.$inferSelect;
  lines: LineRow[];
  transactionId: string;
  publicUrl: string;
}

/**
 * The receipt mail, which is also the enrollment confirmation: each confirmed line with its
 * discounts, the total, and a link to the printable receipt. Queued in the payment's transaction.
 */
export async function queueReceiptMails(tx: Db, opts: ReceiptFacts & { familyId: string }) {
  await mailGuardians(tx, opts.familyId, RECEIPT_TEMPLATE, receiptMail(opts));
}

export const RECEIPT_TEMPLATE = 'payment-receipt';

export function receiptMail(opts: ReceiptFacts): MailContent {
  const money = (c: number) => formatMoney(c, opts.checkout.currency);
  const lineText = opts.lines.map((l) => {
    const discounts = [
      l.siblingDiscountCents ? `sibling discount −${money(l.siblingDiscountCents)}` : '',
      l.couponDiscountCents ? `coupon −${money(l.couponDiscountCents)}` : '',
    ].filter(Boolean);
    return `${l.childName ?? 'Your child'} in ${l.programTitle}: ${money(l.priceCents)}${discounts.length ? ` (${discounts.join(', ')})` : ''}, paid ${money(l.totalCents)}.`;
  });
  const paid = opts.lines.reduce((a, l) => a + l.totalCents, 0);
  return {
    subject:
      opts.lines.length === 1
        ? `Enrollment confirmed: ${opts.lines[0]!.programTitle}`
        : `${opts.lines.length} enrollments confirmed`,
    paragraphs: [
      'Thank you: we received your payment and these enrollments are confirmed.',
      ...lineText,
      `Total paid: ${money(paid)}${opts.checkout.couponCode ? ` (coupon ${opts.checkout.couponCode})` : ''}.`,
      'You can print the receipt from your transactions page at any time.',
    ],
    action: { label: 'View the receipt', url: `${opts.publicUrl}${receiptPath(opts.transactionId)}` },
  };
}

/** A late payment whose seat was gone: the line is refunded and the family is told so. */
export async function queueSeatLostMail(
  tx: Db,
  opts: { familyId: string; line: LineRow; currency: string; publicUrl: string },
) {
  const { line } = opts;
  await mailGuardians(tx, opts.familyId, 'payment-seat-refunded', {
    subject: `Refund: no seat left in ${line.programTitle}`,
    paragraphs: [
      `Your payment for ${line.childName ?? 'your child'} in ${line.programTitle} arrived after the seat hold had ended, and the program filled up in the meantime.`,
      `We are refunding the ${formatMoney(line.totalCents, opts.currency)} paid for this seat in full, to the card you paid with. Refunds usually appear within 5 to 10 business days.`,
      'You can join the program’s waitlist from its page.',
    ],
    action: { label: 'See my transactions', url: mailLink(opts.publicUrl, 'transactions') },
  });
}

interface OperatorSettings {
  companyName?: string;
  address?: string;
  email?: string;
  phone?: string;
}

/** GET /transaction/receipt: a family's paid checkout as a printable receipt (another family's id is 404). */
export async function getReceipt(opts: { db: Db; familyId: string; transactionId: string }): Promise<Receipt> {
  const { db } = opts;
  const [row] = await db
    .select({ tx: transactions, checkout: checkouts })
    .from(transactions)
    .innerJoin(checkouts, eq(checkouts.id, transactions.checkoutId))
    .where(
      and(
        eq(transactions.id, opts.transactionId),
        eq(transactions.familyId, opts.familyId),
        eq(transactions.kind, 'payment'),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.transactionNotFound);
  const lines = await db
    .select()
    .from(checkoutLines)
    .where(eq(checkoutLines.checkoutId, row.checkout.id))
    .orderBy(asc(checkoutLines.id));
  const refunds = await db
    .select({ amountCents: transactions.amountCents })
    .from(transactions)
    .where(and(eq(transactions.checkoutId, row.checkout.id), eq(transactions.kind, 'refund')));
  const settings = (await getContentPage<OperatorSettings>(db, 'settings-data')).data;
  const c = row.checkout;
  return {
    transactionId: row.tx.id,
    receiptNumber: `KS-${row.tx.createdAt.toISOString().slice(0, 10).replace(/-/g, '')}-${row.tx.id.slice(0, 8).toUpperCase()}`,
    paidAt: (c.paidAt ?? row.tx.createdAt).toISOString(),
    operator: {
      name: settings.companyName ?? 'KikStart',
      address: settings.address ?? '',
      email: settings.email ?? null,
      phone: settings.phone ?? null,
    },
    lines: lines.map((l) => ({
      ...lineAmounts(l),
      status: l.status === 'refunded' ? 'refunded' : 'paid',
    })),
    subtotalCents: c.subtotalCents,
    siblingDiscountCents: c.siblingDiscountCents,
    couponDiscountCents: c.couponDiscountCents,
    coupon: c.couponCode,
    totalCents: c.totalCents,
    refundedCents: refunds.reduce((a, r) => a + r.amountCents, 0),
    currency: c.currency,
  };
}
