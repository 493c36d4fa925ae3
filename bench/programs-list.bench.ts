import { sql } from 'drizzle-orm';
import { programs, schools } from '@kikstart/db';
import { createBenchApp, fmt, median, percentile, time } from './lib.ts';

const TARGET_PROGRAMS = 500;
const VENUES = [
  'Mission Recreation Center',
  'Golden Gate Park, Polo Field',
  'Oakland Main Library, Makerspace',
  'Daly City Aquatic Center',
  'San Mateo Community Theatre Studio',
];
const SPORTS = ['Soccer', 'Chess', 'Coding', 'Art', 'Tennis', 'Swimming', 'Drama', 'Robotics'];

/**
 * GET /api/programs/all-list with 500 programs: SQL statements per page (must not grow with
 * the page size) and latency for a page of 50, with and without a search term.
 */
export async function run() {
  const b = await createBenchApp();
  try {
    const [{ count } = { count: 0 }] = await b.db.select({ count: sql<number>`count(*)::int` }).from(programs);
    const schoolRows = await b.db.select({ id: schools.id }).from(schools).orderBy(schools.slug);
    const rows = Array.from({ length: Math.max(0, TARGET_PROGRAMS - count) }, (_, i) => {
      const atSchool = i % 2 === 0;
      const sport = SPORTS[i % SPORTS.length]!;
      return {
        slug: `bench-${i}`,
        title: `${sport} Club ${i}`,
        sport,
        summary: `${sport} for young players.`,
        description: `${sport} sessions with a certified coach.`,
        classType: (i % 3 === 0 ? 'enrichment' : 'after_school') as 'enrichment' | 'after_school',
        locationType: (atSchool ? 'at_my_school' : 'public_class') as 'at_my_school' | 'public_class',
        schoolId: atSchool ? schoolRows[i % schoolRows.length]!.id : null,
        venueName: atSchool ? null : VENUES[i % VENUES.length]!,
        venueAddress: atSchool ? 'School campus' : `${100 + i} Market Street, San Francisco, CA`,
        weekdays: [1 + (i % 5)],
        startTime: '15:30',
        endTime: '16:30',
        firstDate: sql`current_date + ${i % 30}::int` as unknown as string,
        lastDate: sql`current_date + ${60 + (i % 30)}::int` as unknown as string,
        minGrade: i % 4,
        maxGrade: 5 + (i % 4),
        capacity: 12 + (i % 10),
        priceCents: 19900 + (i % 10) * 1000,
      };
    });
    for (let i = 0; i < rows.length; i += 100) await b.db.insert(programs).values(rows.slice(i, i + 100));

    const url = (qs: string) => `/api/programs/all-list?${qs}`;
    const get = (qs: string) => b.app.inject({ url: url(qs) });
    const check = await get('limit=50');
    const total = (check.json() as { data: { total: number } }).data.total;
    console.log(`${total} open programs listed (${TARGET_PROGRAMS} in the table)`);

    for (const qs of [
      'limit=10',
      'limit=50',
      'limit=50&page=5',
      'limit=50&searchBy=location&q=market',
      'limit=50&page=999',
    ]) {
      const { queries } = await b.countQueries(() => get(qs));
      console.log(`  SQL statements for ${url(qs)}: ${queries}`);
    }
    for (const [label, qs] of [
      ['limit=50, no search', 'limit=50'],
      ['limit=50, search by School Name "lincoln"', 'limit=50&searchBy=school&q=lincoln'],
      ['limit=50, search by Class Location "market"', 'limit=50&searchBy=location&q=market'],
      [
        'limit=50, filters (after school, public, grade 3, Tuesday)',
        'limit=50&classType=after_school&locationType=public_class&grade=3&weekday=2',
      ],
    ] as const) {
      const d = await time(() => get(qs), { runs: 50 });
      console.log(`  GET all-list ${label}: median ${fmt(median(d))}, p95 ${fmt(percentile(d, 95))}`);
    }
  } finally {
    await b.close();
  }
}
