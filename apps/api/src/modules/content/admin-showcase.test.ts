import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoRequests, offers, testimonials } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminOffer, AdminTestimonial } from '@kikstart/contract/admin-catalog';
import type { Offer, Testimonial } from '@kikstart/contract/content';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { HOSTILE } from '../../../test/lead-fixtures.ts';

const t = useTestApp();
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const testimonial = (overrides: Record<string, unknown> = {}) => ({
  authorName: 'Grace Liu',
  authorRole: 'Parent of a second grader',
  quote: 'My son talks about chess club all the way home.',
  rating: 5,
  published: true,
  ...overrides,
});
const offer = (overrides: Record<string, unknown> = {}) => ({
  title: 'Free first week',
  description: 'Try any after-school program for a week before you pay.',
  badge: 'New',
  validUntil: '',
  action: 'browse_programs',
  published: true,
  ...overrides,
});

describe('admin testimonials', () => {
  it('adds one last, hides and publishes it, moves it up, and deletes it; the public list follows', async () => {
    const { headers } = await createUserWithSession(t, { role: 'admin' });
    const res = await send('POST', '/admin/testimonials', headers, testimonial({ quote: HOSTILE.html }));
    expect(res.statusCode, res.body).toBe(200);
    const created = body<AdminTestimonial>(res).data;
    const publicIds = async () => body<Testimonial[]>(await send('GET', '/testimonial/list', {})).data.map((x) => x.id);
    expect((await publicIds()).at(-1)).toBe(created.id);

    const moved = await send('POST', `/admin/testimonials/${created.id}/move`, headers, { direction: 'up' });
    expect(moved.statusCode).toBe(200);
    const ids = await publicIds();
    expect(ids.at(-2)).toBe(created.id);
    const list = body<AdminPage<AdminTestimonial>>(await send('GET', '/admin/testimonials?pageSize=100', headers)).data;
    expect(list.items.map((x) => x.sortOrder)).toEqual(list.items.map((_, i) => i));

    const hidden = await send('PUT', `/admin/testimonials/${created.id}`, headers, testimonial({ published: false }));
    expect(body<AdminTestimonial>(hidden).data.published).toBe(false);
    expect(await publicIds()).not.toContain(created.id);
    expect((await send('DELETE', `/admin/testimonials/${created.id}`, headers)).statusCode).toBe(200);
    expect(await t.db.select().from(testimonials).where(eq(testimonials.id, created.id))).toHaveLength(0);
  });

  it('refuses bad input and unknown ids, storing nothing', async () => {
    const { headers } = await createUserWithSession(t, { role: 'admin' });
    const before = await t.db.$count(testimonials);
    expect(body(await send('POST', '/admin/testimonials', headers, testimonial({ rating: 6 }))).errors).toEqual({
      rating: 'Rating is 1 to 5',
    });
    expect(body(await send('POST', '/admin/testimonials', headers, testimonial({ quote: ' ' }))).errors).toEqual({
      quote: 'Quote is required',
    });
    expect(
      (await send('POST', '/admin/testimonials', headers, testimonial({ quote: 'x'.repeat(1001) }))).statusCode,
    ).toBe(400);
    expect(await t.db.$count(testimonials)).toBe(before);
    expect((await send('POST', `/admin/testimonials/${UNKNOWN}/move`, headers, { direction: 'up' })).statusCode).toBe(
      404,
    );
    expect((await send('POST', `/admin/testimonials/${UNKNOWN}/move`, headers, { direction: 'left' })).statusCode).toBe(
      400,
    );
    expect((await send('PUT', `/admin/testimonials/${UNKNOWN}`, headers, testimonial())).statusCode).toBe(404);
    expect((await send('DELETE', `/admin/testimonials/${UNKNOWN}`, headers)).statusCode).toBe(404);
    const parent = await createUserWithSession(t);
    expect((await send('GET', '/admin/testimonials', parent.headers)).statusCode).toBe(403);
  });
});

describe('admin offers', () => {
  it('adds, edits, hides and orders offers; one a demo request named is kept', async () => {
    const { headers } = await createUserWithSession(t, { role: 'admin' });
    const res = await send('POST', '/admin/offers', headers, offer({ validUntil: '2099-12-31' }));
    expect(res.statusCode, res.body).toBe(200);
    const created = body<AdminOffer>(res).data;
    expect(created).toMatchObject({ validUntil: '2099-12-31', badge: 'New', action: 'browse_programs' });
    const publicIds = async () => body<Offer[]>(await send('GET', '/offer/all-list', {})).data.map((x) => x._id);
    expect((await publicIds()).at(-1)).toBe(created.id);
    await send('POST', `/admin/offers/${created.id}/move`, headers, { direction: 'up' });
    expect((await publicIds()).at(-2)).toBe(created.id);
    await send('PUT', `/admin/offers/${created.id}`, headers, offer({ published: false, badge: '' }));
    expect(await publicIds()).not.toContain(created.id);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, created.id));
    expect(row!.badge).toBeNull();

    await t.db.insert(demoRequests).values({
      offerId: created.id,
      fullName: 'Sam Park',
      phone: '4155550100',
      schoolName: 'Lincoln Elementary School',
      schoolAddress: '1 Lincoln Way',
      date: '2099-01-05',
      time: '10 am',
    });
    const refused = await send('DELETE', `/admin/offers/${created.id}`, headers);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'IN_USE', message: expect.stringContaining('Hide it instead') });

    const spare = body<AdminOffer>(await send('POST', '/admin/offers', headers, offer())).data;
    expect((await send('DELETE', `/admin/offers/${spare.id}`, headers)).statusCode).toBe(200);
  });

  it('refuses bad input', async () => {
    const { headers } = await createUserWithSession(t, { role: 'admin' });
    expect(body(await send('POST', '/admin/offers', headers, offer({ action: 'spam' }))).errors).toEqual({
      action: 'Choose what the offer button does',
    });
    expect(body(await send('POST', '/admin/offers', headers, offer({ validUntil: '31/12/2099' }))).errors).toEqual({
      validUntil: 'Valid until must be YYYY-MM-DD',
    });
    expect(body(await send('POST', '/admin/offers', headers, offer({ badge: 'x'.repeat(41) }))).errors).toEqual({
      badge: 'Must be at most 40 characters',
    });
  });
});
