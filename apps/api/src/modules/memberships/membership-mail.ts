import type { Db } from '@kikstart/db';
import { formatPlanDate } from '@kikstart/contract/memberships';
import { mailLink } from '@kikstart/contract/mail-links';
import { mailGuardians } from '../mail/mail.service.ts';
import { formatMoney, receiptPath } from '../payments/receipts.ts';

type MembershipMail =
  | {
      kind: 'started' | 'renewed' | 'upgraded';
      plan: string;
      amountCents: number;
      currency: string;
      transactionId: string;
      nextChargeAt: Date;
    }
  | { kind: 'renewal-failed'; plan: string; reason: string; nextAttemptAt: Date }
  | { kind: 'ended'; plan: string; reason: 'canceled' | 'renewal_failed' };

/** Mails every guardian of the family about its membership. Queued in the transaction that made the change. */
export async function queueMembershipMail(tx: Db, opts: { familyId: string; publicUrl: string; mail: MembershipMail }) {
  const { mail, publicUrl } = opts;
  const billing = { label: 'See your membership', url: mailLink(publicUrl, 'billing') };
  let content: { subject: string; paragraphs: string[]; action: { label: string; url: string } };
  switch (mail.kind) {
    case 'started':
    case 'renewed':
    case 'upgraded': {
      const paid = formatMoney(mail.amountCents, mail.currency);
      const subject = {
        started: `Welcome to ${mail.plan}`,
        renewed: `${mail.plan} renewed`,
        upgraded: `You are now on ${mail.plan}`,
      }[mail.kind];
      content = {
        subject,
        paragraphs: [
          mail.kind === 'started'
            ? `Thank you: your ${mail.plan} membership is active. Attach your children on your billing page; their enrollments in covered programs are then confirmed with no separate payment.`
            : `We charged your saved card ${paid} for ${mail.plan}.`,
          `Paid: ${paid}. The next charge is on ${formatPlanDate(mail.nextChargeAt)}; you can cancel before then at any time.`,
        ],
        action: { label: 'View the receipt', url: `${publicUrl}${receiptPath(mail.transactionId)}` },
      };
      break;
    }
    case 'renewal-failed':
      content = {
        subject: `Your ${mail.plan} renewal did not go through`,
        paragraphs: [
          `We could not renew your ${mail.plan} membership: ${mail.reason}`,
          `Your children stay covered while we try the card again on ${formatPlanDate(mail.nextAttemptAt)}. If it still fails after the last try, the membership ends and covered seats are held for you to pay.`,
        ],
        action: billing,
      };
      break;
    case 'ended':
      content = {
        subject: `Your ${mail.plan} membership has ended`,
        paragraphs: [
          mail.reason === 'renewal_failed'
            ? `We tried your saved card three times over a week and could not renew ${mail.plan}, so the membership has ended.`
            : `Your ${mail.plan} membership reached the end of its last paid period, as you asked when you cancelled it.`,
          'Each seat it covered is now held for you for 7 days: pay for it from your enrollments page to keep it, or it is released to other families. You can start a new membership at any time.',
        ],
        action: { label: 'See my enrollments', url: mailLink(publicUrl, 'enrollments') },
      };
      break;
  }
  await mailGuardians(tx, opts.familyId, `membership-${mail.kind}`, content);
}
