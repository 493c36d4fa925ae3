import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { and, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import { coachApplications } from '@kikstart/db';
import type { AppConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { privateFilesDir } from './coach-application.ts';

/**
 * CVs of applicants staff have not marked as hired are deleted this long after they applied;
 * those staff marked as rejected (`rejected_at`) at the next run.
 */
export const CV_RETENTION_DAYS = 180;
export const CV_RETENTION_INTERVAL_MS = 3600_000;
/** Rows handled per transaction, so one run never holds many row locks for long. */
const BATCH = 100;

/**
 * Deletes the CV files of applications older than CV_RETENTION_DAYS whose applicant was not
 * hired, and of rejected applicants whatever their age, and marks each row (`cv_path` null, `cv_deleted_at` set); the rest of the application
 * stays for the staff's records. Rows are claimed with `for update skip locked`, so API
 * processes running the job at once share the work. A file is unlinked before its row is
 * marked: if the commit then fails, the next run finds the row again and finishes it, so a CV
 * is never left on disk with no row pointing at it.
 */
export async function deleteExpiredCvs(opts: {
  db: Db;
  config: Pick<AppConfig, 'dataDir'>;
  now: Date;
}): Promise<number> {
  const cutoff = new Date(opts.now.getTime() - CV_RETENTION_DAYS * 86_400_000);
  const root = privateFilesDir(opts.config);
  let deleted = 0;
  for (;;) {
    const done = await opts.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: coachApplications.id, cvPath: coachApplications.cvPath })
        .from(coachApplications)
        .where(
          and(
            isNotNull(coachApplications.cvPath),
            isNull(coachApplications.hiredAt),
            or(lte(coachApplications.createdAt, cutoff), isNotNull(coachApplications.rejectedAt)),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of due) {
        await unlink(join(root, row.cvPath!)).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        });
      }
      if (due.length) {
        await tx
          .update(coachApplications)
          .set({ cvPath: null, cvDeletedAt: opts.now })
          .where(
            inArray(
              coachApplications.id,
              due.map((r) => r.id),
            ),
          );
      }
      return due.length;
    });
    deleted += done;
    if (done < BATCH) return deleted;
  }
}

/** Runs deleteExpiredCvs every hour and once at start (lib/periodic.ts: one pass at a time, failures logged). */
export function startCvRetention(opts: {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'dataDir'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  return startPeriodic({
    name: 'coach CV retention',
    intervalMs: opts.intervalMs ?? CV_RETENTION_INTERVAL_MS,
    log: opts.log,
    runAtStart: true,
    work: async () => {
      const deleted = await deleteExpiredCvs({ db: opts.db, config: opts.config, now: opts.clock.now() });
      if (deleted) opts.log.info({ deleted }, 'expired coach CVs deleted');
    },
  });
}
