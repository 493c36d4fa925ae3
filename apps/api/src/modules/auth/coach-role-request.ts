import { and, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { coachRoleRequests, users } from '@kikstart/db';
import type { LeadReceipt } from '@kikstart/contract/leads';
import { AppError } from '../../lib/errors.ts';
import { oneLine, queueLeadMails } from '../leads/lead-mail.ts';

export const COACH_REQUEST_PENDING = 'You already have a coach request waiting for review';
export const ALREADY_COACH = 'Your account already has coach access';

/** A signed-in user asks for the coach role; one pending request per user at a time. */
export async function requestCoachRole(opts: {
  db: Db;
  staffEmail: string;
  userId: string;
  message: string;
}): Promise<LeadReceipt> {
  return opts.db.transaction(async (tx) => {
    // Locking the user row makes two simultaneous requests queue up, so only one can be pending.
    const [user] = await tx
      .select({
        id: users.id,
        staffRoles: users.staffRoles,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(eq(users.id, opts.userId))
      .for('update');
    if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
    if (user.staffRoles.includes('coach')) throw new AppError('CONFLICT', ALREADY_COACH);
    const [pending] = await tx
      .select({ id: coachRoleRequests.id })
      .from(coachRoleRequests)
      .where(and(eq(coachRoleRequests.userId, user.id), eq(coachRoleRequests.status, 'pending')))
      .limit(1);
    if (pending) throw new AppError('CONFLICT', COACH_REQUEST_PENDING);
    const [row] = await tx
      .insert(coachRoleRequests)
      .values({ userId: user.id, message: opts.message })
      .returning({ id: coachRoleRequests.id });
    const name = `${user.firstName} ${user.lastName}`.trim();
    await queueLeadMails({
      db: tx,
      staffEmail: opts.staffEmail,
      staff: {
        template: 'coach-role-request-staff',
        subject: `Coach role requested: ${oneLine(name)}`,
        intro: 'A signed-in parent asked to be given the coach role. Approve or decline it in the staff console.',
        fields: { Name: name, Email: user.email, Message: opts.message },
      },
    });
    return { id: row!.id };
  });
}
