import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { programActivities, programs, type Db } from '@kikstart/db';
import { AppError } from '../../lib/errors.ts';

export interface CopyProgramOptions {
  db: Db;
  /** The seeded program to copy (school, schedule, grades, activities). */
  fromSlug: string;
  title: string;
  capacity: number;
}

/**
 * A new published program copied from a seeded one, under its own title and slug, with no
 * enrollments: an end-to-end spec changes only what it made, so a retry or a second run finds
 * the same starting point.
 */
export async function copyProgram({ db, fromSlug, title, capacity }: CopyProgramOptions) {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(programs).where(eq(programs.slug, fromSlug));
    if (!source) throw new AppError('NOT_FOUND', `No program with the slug ${fromSlug}`);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = source;
    const [copy] = await tx
      .insert(programs)
      .values({
        ...fields,
        slug: `${fromSlug}-e2e-${randomBytes(4).toString('hex')}`,
        title,
        capacity,
        published: true,
      })
      .returning({ id: programs.id, slug: programs.slug, title: programs.title, capacity: programs.capacity });
    const activities = await tx.select().from(programActivities).where(eq(programActivities.programId, source.id));
    if (activities.length) {
      await tx
        .insert(programActivities)
        .values(activities.map(({ id: _activityId, ...a }) => ({ ...a, programId: copy!.id })));
    }
    return copy!;
  });
}
