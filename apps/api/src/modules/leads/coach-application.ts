import { unlink } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { z } from 'zod';
import { coachApplications } from '@kikstart/db';
import type { LeadReceipt, coachApplicationSchema } from '@kikstart/contract/leads';
import type { AppConfig } from '../../config/env.ts';
import { privateFilesDir, storeUpload } from '../../lib/uploads.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { queueMail } from '../mail/mail.service.ts';
import { greeting, oneLine, summary } from './lead-mail.ts';
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

export interface CoachApplicationContext extends LeadContext {
  config: Pick<AppConfig, 'dataDir'>;
}

export async function createCoachApplication(ctx: CoachApplicationContext, input: CoachApplication, cv: UploadedFile): Promise<LeadReceipt> {
  const root = privateFilesDir(ctx.config);
  const cvPath = await storeUpload(root, CV_FOLDER, cv);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coachApplications)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone,
          experience: input.experience,
          sports: input.sports,
          cvPath,
          cvOriginalName: cv.originalName,
          cvMimeType: cv.mime,
          ip: ctx.ip,
        })
        .returning({ id: coachApplications.id });
      await queueMail({
        db: tx,
        to: ctx.staffEmail,
        template: 'coach-application-staff',
        content: {
          subject: `New coach application: ${oneLine(input.name)}`,
          paragraphs: [
            'Someone applied to coach with KikStart.',
            ...summary({
              Name: input.name,
              Email: input.email,
              Phone: formatPhoneAsTyped(input.phone),
              Sports: input.sports,
              Experience: input.experience,
              CV: `${cv.originalName} (${cv.extension.toUpperCase()}, kept privately; open it from the staff console)`,
            }),
          ],
        },
      });
      await queueMail({
        db: tx,
        to: input.email,
        template: 'coach-application-ack',
        content: {
          subject: 'We received your coach application',
          paragraphs: [
            greeting(input.name),
            'Thank you for applying to coach with KikStart. We have received your application and CV, and our team will review them and get back to you within a week.',
            'If you did not apply, you can ignore this email.',
          ],
        },
      });
      return { id: row!.id };
    });
  } catch (error) {
    // Nothing is kept for a failed write, the file included.
    await unlink(join(root, cvPath)).catch(() => undefined);
    throw error;
  }
}
