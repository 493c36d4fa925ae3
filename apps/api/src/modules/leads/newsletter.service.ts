import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { newsletterSubscribers, oneTimeTokens } from '@kikstart/db';
import { mailLink } from '@kikstart/contract/mail-links';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { AppError } from '../../lib/errors.ts';
import { queueMail } from '../mail/mail.service.ts';
import { NEWSLETTER_CONFIRM_TTL_MS, NEWSLETTER_RESEND_INTERVAL_MS } from './lead-limits.ts';

export const CONFIRM_LINK_INVALID =
  'This confirmation link is invalid or has expired. Please sign up again to get a new one.';
export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Please use the link from one of our emails.';

export interface NewsletterContext {
  now: Date;
  db: Db;
  publicUrl: string;
  staffEmail: string;
}

/** The link every newsletter mail carries, the confirmation included. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  mailLink(publicUrl, 'newsletterUnsubscribe', { token });
export const confirmUrl = (publicUrl: string, token: string) => mailLink(publicUrl, 'newsletterConfirm', { token });

export type SignupOutcome = 'created' | 'resent' | 'already-confirmed' | 'resend-too-soon' | 'resubscribed';

/**
 * Double opt-in sign-up. A repeated sign-up is never an error and never a second row: a pending
 * address gets the confirmation again (at most once per NEWSLETTER_RESEND_INTERVAL_MS), a
 * confirmed one nothing, and an unsubscribed one goes back to pending with a new confirmation.
 * The caller answers the same in every case, so the answer reveals nothing about the address.
 */
export async function subscribe(ctx: NewsletterContext, email: string, ip: string): Promise<SignupOutcome> {
  return ctx.db.transaction(async (tx) => {
    // Insert-or-nothing first, so two simultaneous sign-ups cannot make two rows or fail.
    const inserted = await tx
      .insert(newsletterSubscribers)
      .values({ email, unsubscribeToken: newToken(), ip })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning();
    const [sub] = inserted.length
      ? inserted
      : await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for('update');
    if (!sub) throw new Error('newsletter subscriber vanished during sign-up');
    if (sub.status === 'confirmed') return 'already-confirmed';

    let outcome: SignupOutcome = inserted.length ? 'created' : 'resent';
    if (sub.status === 'unsubscribed') {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'pending', unsubscribedAt: null, confirmedAt: null, ip })
        .where(eq(newsletterSubscribers.id, sub.id));
      outcome = 'resubscribed';
    }
    if (outcome === 'resent') {
      const [latest] = await tx
        .select({ createdAt: oneTimeTokens.createdAt })
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.purpose, 'newsletter_confirm'), eq(oneTimeTokens.email, email)))
        .orderBy(desc(oneTimeTokens.createdAt))
        .limit(1);
      if (latest && ctx.now.getTime() - latest.createdAt.getTime() < NEWSLETTER_RESEND_INTERVAL_MS)
        return 'resend-too-soon';
    }

    const token = newToken();
    await tx.insert(oneTimeTokens).values({
      purpose: 'newsletter_confirm',
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.now.getTime() + NEWSLETTER_CONFIRM_TTL_MS),
    });
    const unsubscribe = unsubscribeUrl(ctx.publicUrl, sub.unsubscribeToken);
    await queueMail({
      db: tx,
      to: email,
      template: 'newsletter-confirm',
      content: {
        subject: 'Please confirm your KikStart newsletter subscription',
        paragraphs: [
          'Thanks for signing up for the KikStart newsletter: program news, new classes and seasonal offers, about once a month.',
          'Please confirm that this is your email address. The link works once and expires in 7 days.',
          'If you did not sign up, ignore this email and you will not hear from us.',
        ],
        action: { label: 'Confirm my subscription', url: confirmUrl(ctx.publicUrl, token) },
        links: [unsubscribe],
        footer: `KikStart Sports & Enrichment · 2150 Mission Street, San Francisco, CA · Unsubscribe: ${unsubscribe}`,
      },
    });
    return outcome;
  });
}

/** Marks every confirmation link still out for `email` used. */
async function spendConfirmationLinks(db: Db, email: string, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.purpose, 'newsletter_confirm'),
        eq(oneTimeTokens.email, email),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/**
 * The address of a confirmation link that was used (by itself or by a sibling link) and is
 * confirmed now; null for unknown tokens, unused expired ones and addresses that left since.
 */
async function confirmedAddressOfSpentLink(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ email: newsletterSubscribers.email })
    .from(oneTimeTokens)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.email, oneTimeTokens.email))
    .where(
      and(
        eq(oneTimeTokens.purpose, 'newsletter_confirm'),
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        isNotNull(oneTimeTokens.usedAt),
        eq(newsletterSubscribers.status, 'confirmed'),
      ),
    )
    .limit(1);
  return row?.email ?? null;
}

/** `alreadyConfirmed`: the link was used before (a reload, a second click, a mail scanner). */
export interface ConfirmOutcome {
  email: string;
  alreadyConfirmed: boolean;
}

/**
 * Uses a confirmation token once; staff hear of each new confirmed subscriber. A spent link of
 * an address that is confirmed now answers that it is done: the person asked for exactly that,
 * and whoever holds the link already knows the address.
 */
export async function confirmSubscription(ctx: NewsletterContext, token: string): Promise<ConfirmOutcome> {
  return ctx.db.transaction(async (tx) => {
    // One conditional update marks the token used, so a token works exactly once even under races.
    const [used] = await tx
      .update(oneTimeTokens)
      .set({ usedAt: ctx.now })
      .where(
        and(
          eq(oneTimeTokens.purpose, 'newsletter_confirm'),
          eq(oneTimeTokens.tokenHash, hashToken(token)),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, ctx.now),
        ),
      )
      .returning({ email: oneTimeTokens.email });
    if (!used?.email) {
      const done = await confirmedAddressOfSpentLink(tx, token);
      if (done) return { email: done, alreadyConfirmed: true };
      throw new AppError('BAD_REQUEST', CONFIRM_LINK_INVALID, { token: CONFIRM_LINK_INVALID });
    }
    const email = used.email;
    const [sub] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for('update');
    // Unsubscribing voids outstanding links, so a pending or confirmed row is expected here.
    if (!sub || sub.status === 'unsubscribed')
      throw new AppError('BAD_REQUEST', CONFIRM_LINK_INVALID, { token: CONFIRM_LINK_INVALID });
    if (sub.status === 'pending') {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'confirmed', confirmedAt: ctx.now })
        .where(eq(newsletterSubscribers.id, sub.id));
      await queueMail({
        db: tx,
        to: ctx.staffEmail,
        template: 'newsletter-confirmed-staff',
        content: {
          subject: 'New newsletter subscriber',
          paragraphs: [`${email} confirmed their newsletter subscription.`],
        },
      });
    }
    // Other links still out for this address are spent too.
    await spendConfirmationLinks(tx, email, ctx.now);
    return { email, alreadyConfirmed: false };
  });
}

/** Unsubscribes by the secret in the mail's link; repeating it is harmless. */
export async function unsubscribe(ctx: NewsletterContext, token: string): Promise<{ email: string }> {
  return ctx.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .for('update');
    if (!sub) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_LINK_INVALID, { token: UNSUBSCRIBE_LINK_INVALID });
    if (sub.status !== 'unsubscribed') {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: ctx.now })
        .where(eq(newsletterSubscribers.id, sub.id));
    }
    // A confirmation link still in the inbox must not sign the address up again.
    await spendConfirmationLinks(tx, sub.email, ctx.now);
    return { email: sub.email };
  });
}
