import { createBenchApp, fmt, median, percentile, time } from './lib.ts';

/** The floor every other number sits on: one trivial request through the whole stack. */
export async function run() {
  const b = await createBenchApp();
  try {
    const { queries } = await b.countQueries(() => b.app.inject({ url: '/api/health' }));
    const d = await time(() => b.app.inject({ url: '/api/health' }), { runs: 200 });
    console.log(
      `GET /api/health: median ${fmt(median(d))}, p95 ${fmt(percentile(d, 95))}, ${queries} SQL statement(s)`,
    );
  } finally {
    await b.close();
  }
}
