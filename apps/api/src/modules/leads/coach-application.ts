import { unlink } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { z } from 'zod';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { coachApplications } from '@kikstart/db';
import type { CoachApplicationReceipt, coachApplicationSchema } from '@kikstart/contract/leads';
import type { AppConfig } from '../../config/env.ts';
import { privateFilesDir, storeUpload } from '../../lib/uploads.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { leadColumns, oneLine, queueLeadMails } from './lead-mail.ts';
import type { LeadContext } from './leads.service.ts';
import { formatPhoneAsTyped } from '@kikstart/contract/phone';

type CoachApplication = z.output<typeof coachApplicationSchema>;

/**
 * Where CVs live. CVs are personal data, and everything under `config.uploadDir` is served
 * publicly at /uploads, so they are kept in `<DATA_DIR>/private/cv` (privateFilesDir, shared
 * with child photos and avatars in lib/uploads.ts), which no static route serves.
 * `coach_applications.cv_path` is relative to `<DATA_DIR>/private` (e.g. `cv/3f…a1.pdf`);
 * staff tools must serve it only behind an admin check.
 */
export { privateFilesDir };
export const CV_FOLDER = 'cv';

/** True when `inner` is `outer` or inside it. */
const isInside = (outer: string, inner: string) => {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
};

/**
 * Refuses a configuration where the private folder would be served publicly (UPLOAD_DIR set
 * to DATA_DIR or one of its parents), so CVs can never leak through /uploads.
 */
export function assertPrivateDirNotPublic(config: Pick<AppConfig, 'dataDir' | 'uploadDir'>) {
  if (isInside(resolve(config.uploadDir), privateFilesDir(config))) {
    throw new Error(
      `UPLOAD_DIR (${config.uploadDir}) contains ${privateFilesDir(config)}, where CVs are kept; CVs would be public. Point UPLOAD_DIR elsewhere.`,
    );
  }
}

export interface CoachApplicationOptions extends LeadContext {
  config: Pick<AppConfig, 'dataDir' | 'cvQuotaBytes'>;
  /** The request's time, from the app clock (the retention job counts from it). */
  now: Date;
  input: CoachApplication;
  /** Already checked by its bytes and size (lib/multipart.ts). */
  cv: UploadedFile;
}

/** Bytes of CVs kept for applications staff have not reviewed yet (status `new`). */
export async function unreviewedCvBytes(db: Db): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${coachApplications.cvSizeBytes}), 0)` })
    .from(coachApplications)
    .where(and(isNotNull(coachApplications.cvPath), eq(coachApplications.status, 'new')));
  return Number(row?.bytes ?? 0);
}

/**
 * Stores the application, and its CV while the unreviewed CVs stay within the quota; beyond it
 * the application is still kept, without the CV, and both mails and the answer say so. The
 * quota is decided under a transaction lock, so two uploads cannot both take the last room.
 */
export async function createCoachApplication(ctx: CoachApplicationOptions): Promise<CoachApplicationReceipt> {
  const { input, cv } = ctx;
  const root = privateFilesDir(ctx.config);
  let cvPath: string | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('coach-cv-quota', 0))`);
      const cvKept = (await unreviewedCvBytes(tx)) + cv.bytes.length <= ctx.config.cvQuotaBytes;
      if (cvKept) cvPath = await storeUpload(root, CV_FOLDER, cv);
      const [row] = await tx
        .insert(coachApplications)
        .values({
          ...leadColumns(input),
          ...(cvKept
            ? { cvPath, cvOriginalName: cv.originalName, cvMimeType: cv.mime, cvSizeBytes: cv.bytes.length }
            : {}),
          ip: ctx.ip,
          createdAt: ctx.now,
        })
        .returning({ id: coachApplications.id });
      await queueLeadMails({
        ...ctx,
        db: tx,
        staff: {
          template: 'coach-application-staff',
          subject: `New coach application: ${oneLine(input.name)}`,
          intro: 'Someone applied to coach with KikStart.',
          fields: {
            Name: input.name,
            Email: input.email,
            Phone: formatPhoneAsTyped(input.phone),
            Sports: input.sports,
            Experience: input.experience,
            CV: cvKept
              ? `${cv.originalName} (${cv.extension.toUpperCase()}, kept privately; open it from the staff console)`
              : 'Not kept: the CV store for unreviewed applications is full. Review older applications, then ask the applicant for the CV by email.',
          },
        },
        ack: {
          to: input.email,
          template: 'coach-application-ack',
          subject: 'We received your coach application',
          name: input.name,
          paragraphs: [
            cvKept
              ? 'Thank you for applying to coach with KikStart. We have received your application and CV, and our team will review them and get back to you within a week.'
              : 'Thank you for applying to coach with KikStart. We have received your application, but we could not keep your CV right now. Our team will review your application and get back to you within a week, and will ask you for your CV by email if we need it.',
            'If you did not apply, you can ignore this email.',
          ],
        },
      });
      return { id: row!.id, cvKept };
    });
  } catch (error) {
    // Nothing is kept for a failed write, the file included.
    if (cvPath) await unlink(join(root, cvPath)).catch(() => undefined);
    throw error;
  }
}
