import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coveredChildren } from '@kikstart/db';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { payingFamily } from '../../../test/payment-fixtures.ts';
import { attach, subscribe } from '../../../test/membership-fixtures.ts';

/**
 * The plan's child limit under concurrent attach requests. PGlite has one connection, so the
 * requests could not interleave there: PostgreSQL only (`npm run test:api:pg`).
 */
describe.runIf(onPostgres)('the child limit under concurrent attach requests (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('10 children attached at once to a 2-child plan: exactly 2 are covered, 8 refused with CHILD_LIMIT', async () => {
    const f = await payingFamily(t, 10);
    const { outcome } = await subscribe(t, f.headers);
    const results = await Promise.all(f.children.map((childId) => attach(t, f.headers, childId)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(body(r).code).toBe('CHILD_LIMIT');
    const covered = await t.db
      .select()
      .from(coveredChildren)
      .where(eq(coveredChildren.subscriptionId, outcome.subscription!.id));
    expect(covered).toHaveLength(2);
  });
});
