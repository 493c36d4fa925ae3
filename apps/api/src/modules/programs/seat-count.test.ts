import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { enrollments } from '@kikstart/db';
import type { Paged } from '@kikstart/contract/common';
import type { ProgramDetails, ProgramSummary } from '@kikstart/contract/programs';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { addChild, createProgram, enroll } from '../../../test/enrollment-fixtures.ts';

const t = useTestApp();

const seatsLeftInList = async (title: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/programs/all-list?limit=50&searchBy=location&q=${encodeURIComponent('Seat Count Field')}`,
  });
  return body<Paged<ProgramSummary>>(res).data.items.find((p) => p.title === title)?.seatsLeft;
};
const seatsLeftInDetails = async (id: string) =>
  body<ProgramDetails>(await t.app.inject({ method: 'GET', url: `/api/programs/details?id=${id}` })).data.seatsLeft;

describe('a seat offered to the waitlist is a taken seat', () => {
  it('the list and the details count an open offer until it is accepted or lapses', async () => {
    const program = await createProgram(t, { capacity: 1, venueName: 'Seat Count Field', title: 'Seat Count Soccer' });
    const first = await createUserWithSession(t);
    const waiting = await createUserWithSession(t);
    expect(await seatsLeftInList(program.title)).toBe(1);

    const held = await enroll(t, first.headers, await addChild(t, first.headers), program.id);
    expect(held.statusCode).toBe(200);
    const queued = await enroll(t, waiting.headers, await addChild(t, waiting.headers), program.id, {
      joinWaitlist: true,
    });
    expect(body<{ status: string }>(queued).data.status).toBe('waitlisted');

    // The first family drops out: the seat is offered to the waiting family, not free for anyone.
    const drop = await t.app.inject({
      method: 'POST',
      url: '/api/children/drop-out',
      headers: first.headers,
      payload: { enrollmentId: body<{ id: string }>(held).data.id, reason: 'Schedule changed' },
    });
    expect(drop.statusCode).toBe(200);
    const [offer] = await t.db
      .select({ status: enrollments.status })
      .from(enrollments)
      .where(and(eq(enrollments.programId, program.id), eq(enrollments.familyId, waiting.familyId!)));
    expect(offer!.status).toBe('offered');

    expect(await seatsLeftInList(program.title)).toBe(0);
    expect(await seatsLeftInDetails(program.id)).toBe(0);
  });
});
