import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { programs } from '@kikstart/db';
import type { Paged } from '@kikstart/contract/common';
import type { ProgramActivity, ProgramDetails, ProgramSummary } from '@kikstart/contract/programs';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createProgram } from '../../../test/enrollment-fixtures.ts';

const t = useTestApp();

const list = async (qs = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/programs/all-list${qs}` });
  return { res, data: body<Paged<ProgramSummary>>(res).data };
};

describe('GET /api/programs/all-list', () => {
  it('lists open programs, 12 per page by default, with seats left and a total', async () => {
    const { res, data } = await list();
    expect(res.statusCode).toBe(200);
    expect(data.limit).toBe(12);
    expect(data.page).toBe(1);
    expect(data.total).toBeGreaterThanOrEqual(16);
    expect(data.items).toHaveLength(12);
    const soccer = (await list('?limit=50')).data.items.find((p) => p.slug === 'lincoln-soccer-stars')!;
    expect(soccer.schoolName).toBe('Lincoln Elementary School');
    expect(soccer.seatsLeft).toBe(soccer.capacity - 1); // Maya is enrolled (seed)
    const flag = (await list('?limit=50')).data.items.find((p) => p.slug === 'sunset-flag-football')!;
    expect(flag.seatsLeft).toBe(0);
  });

  it('gives every seeded program its illustration with alt text, and an upload its /uploads link', async () => {
    const items = (await list('?limit=50')).data.items;
    const seeded = items.filter((p) => !p.slug.startsWith('test-'));
    expect(seeded.length).toBeGreaterThanOrEqual(16);
    for (const p of seeded) {
      expect(p.imageUrl, p.slug).toMatch(/^\/illustrations\/programs\/[a-z-]+\.svg$/);
      expect(p.imageAlt, p.slug).toMatch(/^Illustration of /);
    }
    expect(items.find((p) => p.slug === 'lincoln-soccer-stars')).toMatchObject({
      imageUrl: '/illustrations/programs/soccer.svg',
      imageAlt: 'Illustration of a soccer ball in motion',
    });
    // A staff upload is a key under the uploads folder; without a description it is still named.
    const uploaded = await createProgram(t, { imagePath: 'programs/0123abcd.jpg', imageAlt: null });
    const none = await createProgram(t, { imagePath: null });
    const details = async (id: string) =>
      body<ProgramDetails>(await t.app.inject({ method: 'GET', url: `/api/programs/details?id=${id}` })).data;
    expect(await details(uploaded.id)).toMatchObject({
      imageUrl: '/uploads/programs/0123abcd.jpg',
      imageAlt: `Picture of the ${uploaded.title} program`,
      images: ['/uploads/programs/0123abcd.jpg'],
    });
    expect(await details(none.id)).toMatchObject({ imageUrl: null, imageAlt: null, images: [] });
  });

  it('paginates without overlap and answers a page past the end with the total', async () => {
    const p1 = (await list('?limit=5&page=1')).data;
    const p2 = (await list('?limit=5&page=2')).data;
    expect(p1.items.map((p) => p.id)).not.toEqual(expect.arrayContaining(p2.items.map((p) => p.id)));
    expect(p2.total).toBe(p1.total);
    const far = (await list('?limit=5&page=999')).data;
    expect(far.items).toEqual([]);
    expect(far.total).toBe(p1.total);
  });

  it('filters by class type, location type, weekday, grade and age', async () => {
    const enrichment = (await list('?classType=enrichment&limit=50')).data.items;
    expect(enrichment.length).toBeGreaterThan(0);
    expect(enrichment.every((p) => p.classType === 'enrichment')).toBe(true);
    const publicClasses = (await list('?locationType=public_class&limit=50')).data.items;
    expect(publicClasses.length).toBeGreaterThan(0);
    expect(publicClasses.every((p) => p.locationType === 'public_class' && p.schoolId === null)).toBe(true);
    const saturdays = (await list('?weekday=6&limit=50')).data.items;
    expect(saturdays.length).toBeGreaterThan(0);
    expect(saturdays.every((p) => p.weekdays.includes(6))).toBe(true);
    const grade7 = (await list('?grade=7&limit=50')).data.items;
    expect(grade7.some((p) => p.slug === 'hillcrest-volleyball')).toBe(true);
    expect(grade7.some((p) => p.slug === 'lincoln-soccer-stars')).toBe(false);
    const age5 = (await list('?age=5&limit=50')).data.items;
    expect(age5.some((p) => p.slug === 'bayview-little-movers')).toBe(true);
    expect(age5.some((p) => p.slug === 'hillcrest-volleyball')).toBe(false);
    // Grade filter on an age-ranged program: grade K is about 5 to 6 years old.
    expect((await list('?grade=0&limit=50')).data.items.some((p) => p.slug === 'bayview-little-movers')).toBe(true);
    const combined = (await list('?classType=after_school&locationType=at_my_school&weekday=1&limit=50')).data.items;
    expect(
      combined.every(
        (p) => p.classType === 'after_school' && p.locationType === 'at_my_school' && p.weekdays.includes(1),
      ),
    ).toBe(true);
  });

  it('searches by School Name or by Class Location', async () => {
    const bySchool = (await list('?searchBy=school&q=lincoln&limit=50')).data.items;
    expect(bySchool.length).toBeGreaterThan(0);
    expect(bySchool.every((p) => p.schoolName === 'Lincoln Elementary School')).toBe(true);
    const byLocation = (await list(`?searchBy=location&q=${encodeURIComponent('Golden Gate')}&limit=50`)).data.items;
    expect(byLocation.map((p) => p.slug)).toContain('golden-gate-park-soccer-saturdays');
    const byCity = (await list('?searchBy=location&q=oakland&limit=50')).data.items;
    expect(byCity.map((p) => p.slug)).toEqual(
      expect.arrayContaining(['oakland-library-robotics', 'rosewood-chess-club']),
    );
    // A school name is not a location and the other way round.
    expect((await list('?searchBy=school&q=Golden%20Gate')).data.total).toBe(0);
  });

  it('treats % and _ in the search text literally', async () => {
    expect((await list('?q=%25')).data.total).toBe(0);
    expect((await list('?q=_')).data.total).toBe(0);
    expect((await list('?searchBy=location&q=%25%25')).data.total).toBe(0);
    await createProgram(t, { title: 'Percent Test', venueName: '100% Fun_Zone Gym', locationType: 'public_class' });
    const hits = (await list('?searchBy=location&q=100%25%20Fun_Z')).data.items;
    expect(hits.map((p) => p.title)).toEqual(['Percent Test']);
    expect((await list('?searchBy=location&q=100%25%20FunXZ')).data.total).toBe(0);
  });

  it('hides unpublished and ended programs', async () => {
    const hidden = await createProgram(t, { title: 'Hidden Draft Program', published: false });
    const ended = await createProgram(t, { title: 'Ended Program', firstDate: '2020-01-01', lastDate: '2020-03-01' });
    const items = (await list('?limit=50&searchBy=location&q=Test%20Field')).data.items;
    expect(items.map((p) => p.id)).not.toContain(hidden.id);
    expect(items.map((p) => p.id)).not.toContain(ended.id);
  });

  it.each([
    ['?limit=51', 'Limit must be 1 to 50'],
    ['?limit=0', 'Limit must be 1 to 50'],
    ['?page=0', 'Page must be a whole number from 1'],
    ['?page=abc', 'Page must be a whole number from 1'],
    ['?classType=sports', 'Choose Enrichment or After School'],
    ['?locationType=moon', 'Choose At My School or Public Class Near Me'],
    ['?searchBy=coach', 'Search by School Name or Class Location'],
    ['?weekday=8', 'Weekday must be 1 (Monday) to 7 (Sunday)'],
    ['?grade=13', 'Choose a grade from K to 12'],
    ['?age=2', 'Age must be between 3 and 18'],
    [`?q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
  ])('rejects %s with a 400', async (qs, message) => {
    const { res } = await list(qs);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
  });

  it('treats empty filters as no filter and survives SQL-looking text', async () => {
    expect((await list('?classType=&locationType=&grade=&age=&weekday=&q=')).res.statusCode).toBe(200);
    const { res, data } = await list(`?q=${encodeURIComponent("' or 1=1 --")}`);
    expect(res.statusCode).toBe(200);
    expect(data.total).toBe(0);
    expect((await list('?q=a&q=b')).res.statusCode).toBeLessThan(500);
  });
});

describe('program details and activities', () => {
  it('returns schedule, seats, price, school, coach first name and last initial, and activities', async () => {
    const [soccer] = await t.db.select().from(programs).where(eq(programs.slug, 'lincoln-soccer-stars'));
    const res = await t.app.inject({ method: 'GET', url: `/api/programs/details?id=${soccer!.id}` });
    expect(res.statusCode).toBe(200);
    const d = body<ProgramDetails>(res).data;
    expect(d.title).toBe('Soccer Stars');
    expect(d.weekdays).toEqual([1, 3]);
    expect(d.startTime).toBe('15:15');
    expect(d.timeZone).toBe('America/Los_Angeles');
    expect(d.sessionCount).toBe(20);
    expect(d.seatsLeft).toBe(d.capacity - 1);
    expect(d.priceCents).toBe(24900);
    expect(d.school?.name).toBe('Lincoln Elementary School');
    expect(d.coach?.name).toBe('Jordan R.');
    expect(JSON.stringify(d)).not.toContain('Rivera');
    expect(JSON.stringify(d)).not.toContain('coach@');
    expect(d.activities.map((a) => a.position)).toEqual([1, 2, 3, 4]);
  });

  it('404s unknown and unpublished programs, 400s bad ids', async () => {
    const hidden = await createProgram(t, { published: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', hidden.id]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/programs/details?id=${id}` });
      expect(res.statusCode).toBe(404);
      expect(body(res).message).toBe('Program not found');
    }
    for (const qs of ['?id=abc', '', "?id=1' or '1'='1"]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/programs/details${qs}` });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('Must be a valid id');
    }
  });

  it('lists activities session by session and returns one activity', async () => {
    const [chess] = await t.db.select().from(programs).where(eq(programs.slug, 'rosewood-chess-club'));
    const res = await t.app.inject({ method: 'GET', url: `/api/program/activity/allList?programId=${chess!.id}` });
    expect(res.statusCode).toBe(200);
    const activities = body<ProgramActivity[]>(res).data;
    expect(activities.map((a) => a.title)).toEqual(['The pieces', 'Checkmate patterns', 'Tactics', 'Tournament']);
    const one = await t.app.inject({ method: 'GET', url: `/api/program/activity?id=${activities[1]!.id}` });
    expect(body<ProgramActivity & { programTitle: string }>(one).data).toMatchObject({
      title: 'Checkmate patterns',
      programTitle: 'Chess Club',
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/program/activity?id=00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Activity not found');
    const missingProgram = await t.app.inject({
      method: 'GET',
      url: '/api/program/activity/allList?programId=00000000-0000-4000-8000-000000000000',
    });
    expect(missingProgram.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/program/activity?id=nope' })).statusCode).toBe(400);
  });

  it('carries the venue with its full address and a map search link', async () => {
    const [soccer] = await t.db.select().from(programs).where(eq(programs.slug, 'lincoln-soccer-stars'));
    const atSchool = body<ProgramDetails>(
      await t.app.inject({ method: 'GET', url: `/api/programs/details?id=${soccer!.id}` }),
    ).data;
    expect(atSchool.venue).toEqual({
      name: 'Lincoln Elementary School',
      address: '1250 Oak Street, San Francisco, CA 94117',
      mapUrl:
        'https://www.google.com/maps/search/?api=1&query=1250%20Oak%20Street%2C%20San%20Francisco%2C%20CA%2094117',
    });
    const [park] = await t.db.select().from(programs).where(eq(programs.slug, 'golden-gate-park-soccer-saturdays'));
    const inPark = body<ProgramDetails>(
      await t.app.inject({ method: 'GET', url: `/api/programs/details?id=${park!.id}` }),
    ).data;
    expect(inPark.venue.name).toBe('Golden Gate Park, Polo Field');
    expect(inPark.venue.address).toBe('Polo Field, Golden Gate Park, San Francisco, CA 94122');
    expect(new URL(inPark.venue.mapUrl).searchParams.get('query')).toBe(inPark.venue.address);
  });

  it('shows no coach when none is assigned', async () => {
    const p = await createProgram(t, { coachId: null });
    const d = body<ProgramDetails>(await t.app.inject({ method: 'GET', url: `/api/programs/details?id=${p.id}` })).data;
    expect(d.coach).toBeNull();
    expect(d.school).toBeNull();
  });
});
