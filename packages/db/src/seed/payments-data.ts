import { inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { coupons, programs, settings } from '../schema/index.ts';

/** The sibling discount's database setting: a percentage, editable in the admin console. */
export const SIBLING_DISCOUNT_SETTING = 'sibling_discount_percent';
/** The offer's text says 15%. */
export const DEFAULT_SIBLING_DISCOUNT_PERCENT = 15;

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/**
 * The payment settings and the coupons an operator would run: a welcome code for every
 * program, a fixed amount off for the spring season, one limited to the coding and science
 * programs, and one for a membership's first charge. Codes are a natural key, so a second run inserts nothing.
 */
export async function seedPayments(tx: Db, now: Date) {
  await tx
    .insert(settings)
    .values({ key: SIBLING_DISCOUNT_SETTING, value: DEFAULT_SIBLING_DISCOUNT_PERCENT })
    .onConflictDoNothing();
  const stem = await tx
    .select({ id: programs.id })
    .from(programs)
    .where(
      inArray(programs.slug, ['lincoln-junior-coders', 'oakland-library-robotics', 'randall-museum-science-explorers']),
    );
  await tx
    .insert(coupons)
    .values([
      {
        code: 'WELCOME10',
        description: '10% off your first programs',
        kind: 'percent',
        percentOff: 10,
        maxPerFamily: 1,
        validUntil: addDays(now, 365),
      },
      {
        code: 'SPRING25',
        description: '$25 off the spring season',
        kind: 'amount',
        amountOffCents: 2500,
        currency: 'usd',
        maxRedemptions: 200,
        maxPerFamily: 1,
        validFrom: now,
        validUntil: addDays(now, 120),
      },
      {
        code: 'SUPERPARENT20',
        description: '20% off the first charge of a membership',
        kind: 'percent',
        percentOff: 20,
        forPlans: true,
        maxPerFamily: 1,
        validUntil: addDays(now, 365),
      },
      // Only with its programs in the catalog: an empty list would apply to nothing.
      ...(stem.length
        ? [
            {
              code: 'STEM20',
              description: '20% off coding, robotics and science',
              kind: 'percent' as const,
              percentOff: 20,
              maxRedemptions: 50,
              programIds: stem.map((p) => p.id),
              validUntil: addDays(now, 180),
            },
          ]
        : []),
    ])
    .onConflictDoNothing();
}
