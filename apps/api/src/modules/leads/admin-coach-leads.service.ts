import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { coachApplications, coachRoleRequests, users } from '@kikstart/db';
import { ADMIN_LEAD_MESSAGES, type AdminLeadDetail } from '@kikstart/contract/admin-leads';
import type { AppConfig } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';
import { STORED_PATH, privateFilesDir } from '../../lib/uploads.ts';
import { queueMail } from '../mail/mail.service.ts';
import { setStaffRole } from '../auth/staff-roles.service.ts';
import { greeting } from './lead-mail.ts';
import { leadDetail, setLeadColumns } from './admin-leads.service.ts';

export interface CvFile {
  stream: ReadStream;
  bytes: number;
  fileName: string;
  mime: string;
}

/**
 * An applicant's CV from the private folder, streamed (never through /uploads). 404 when the
 * application has none: it was never kept (quota), or the retention job deleted it.
 */
export async function openCv(opts: { db: Db; config: Pick<AppConfig, 'dataDir'>; id: string }): Promise<CvFile> {
  const [row] = await opts.db
    .select({
      cvPath: coachApplications.cvPath,
      name: coachApplications.cvOriginalName,
      mime: coachApplications.cvMimeType,
    })
    .from(coachApplications)
    .where(eq(coachApplications.id, opts.id));
  if (!row) throw new AppError('NOT_FOUND', ADMIN_LEAD_MESSAGES.notFound);
  // A path of another shape than storeUpload writes could point outside the folder: never opened.
  if (!row.cvPath || !STORED_PATH.test(row.cvPath)) throw new AppError('NOT_FOUND', ADMIN_LEAD_MESSAGES.noCv);
  const path = join(privateFilesDir(opts.config), row.cvPath);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new AppError('NOT_FOUND', ADMIN_LEAD_MESSAGES.noCv);
  return {
    stream: createReadStream(path),
    bytes: info.size,
    fileName: row.name ?? `cv.${row.cvPath.split('.').pop()}`,
    mime: row.mime ?? 'application/octet-stream',
  };
}

/**
 * Hired or rejected. The CV retention job reads both (cv-retention.ts): a hired applicant's CV is
 * kept, a rejected one's is deleted at the job's next run, and neither counts against the quota
 * for unreviewed CVs any more (their status is no longer `new`).
 */
export async function decideCoachApplication(opts: {
  db: Db;
  id: string;
  decision: 'hired' | 'rejected';
  now: Date;
}): Promise<AdminLeadDetail> {
  const hired = opts.decision === 'hired';
  await setLeadColumns(opts.db, 'coach-application', opts.id, {
    status: hired ? 'won' : 'lost',
    hired_at: hired ? opts.now : null,
    rejected_at: hired ? null : opts.now,
  });
  return leadDetail(opts.db, 'coach-application', opts.id);
}

/** The pending request and its account, locked, or 404 / 409 when it is gone or decided. */
async function pendingRequest(tx: Db, id: string) {
  const [row] = await tx
    .select({
      status: coachRoleRequests.status,
      userId: coachRoleRequests.userId,
      email: users.email,
      firstName: users.firstName,
    })
    .from(coachRoleRequests)
    .innerJoin(users, eq(users.id, coachRoleRequests.userId))
    .where(eq(coachRoleRequests.id, id))
    .for('update', { of: coachRoleRequests });
  if (!row) throw new AppError('NOT_FOUND', ADMIN_LEAD_MESSAGES.notFound);
  if (row.status !== 'pending') throw new AppError('CONFLICT', ADMIN_LEAD_MESSAGES.alreadyDecided);
  return row;
}

interface DecideRequest {
  db: Db;
  id: string;
  adminId: string;
  now: Date;
}

/**
 * Adds the coach role to the requester's account (their family, children and payments stay) and
 * mails them, in one transaction: the role, the decision and the mail stand or fall together.
 */
export async function approveCoachRequest(opts: DecideRequest): Promise<AdminLeadDetail> {
  await opts.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, opts.id);
    await setStaffRole({ db: tx, now: opts.now, userId: request.userId, role: 'coach', held: true });
    await tx
      .update(coachRoleRequests)
      .set({ status: 'approved', leadStatus: 'won', decidedAt: opts.now, decidedBy: opts.adminId })
      .where(eq(coachRoleRequests.id, opts.id));
    await queueMail({
      db: tx,
      to: request.email,
      template: 'coach-role-approved',
      content: {
        subject: 'You now have coach access',
        paragraphs: [
          greeting(request.firstName),
          'Your request for coach access at KikStart was approved. The coach pages are open to you the next time you use the site.',
          'Your family, children, enrollments and payments stay exactly as they were.',
        ],
      },
    });
  });
  return leadDetail(opts.db, 'coach-request', opts.id);
}

/** Declines with a reason, which the requester is sent; they may ask again later. */
export async function declineCoachRequest(opts: DecideRequest & { reason: string }): Promise<AdminLeadDetail> {
  await opts.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, opts.id);
    await tx
      .update(coachRoleRequests)
      .set({
        status: 'declined',
        leadStatus: 'lost',
        decidedAt: opts.now,
        decidedBy: opts.adminId,
        declineReason: opts.reason,
      })
      .where(eq(coachRoleRequests.id, opts.id));
    await queueMail({
      db: tx,
      to: request.email,
      template: 'coach-role-declined',
      content: {
        subject: 'Your request for coach access',
        paragraphs: [
          greeting(request.firstName),
          'Thank you for offering to coach with KikStart. We cannot give your account coach access at the moment, for this reason:',
          opts.reason,
          'You can send a new request from your account whenever things change.',
        ],
      },
    });
  });
  return leadDetail(opts.db, 'coach-request', opts.id);
}
