import { DEMO_ACCOUNTS } from '@kikstart/db/seed/index';
import { createBenchApp, fmt, median, percentile, time } from './lib.ts';

/**
 * POST /api/user/signin for the demo parent: dominated by argon2id verification (19 MiB, 2
 * passes) by design. Each request comes from its own address so the per-IP limit (10 per 15
 * minutes) never answers instead; successful sign-ins do not count towards the per-account one.
 */
export async function run() {
  const parent = DEMO_ACCOUNTS.find((a) => a.role === 'parent')!;
  const b = await createBenchApp();
  let n = 0;
  const signin = async () => {
    n++;
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: parent.email, password: parent.password },
      remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
    });
    if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  const wrong = async () => {
    n++;
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: `nobody${n}@bench.example`, password: 'Not-the-password-1' },
      remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
    });
    if (res.statusCode !== 401) throw new Error(`unknown email answered ${res.statusCode}`);
    return res;
  };
  try {
    const { queries } = await b.countQueries(signin);
    const d = await time(signin, { runs: 30, warmup: 3 });
    console.log(
      `POST /api/user/signin (demo parent, 30 runs): median ${fmt(median(d))}, p95 ${fmt(percentile(d, 95))}, ${queries} SQL statement(s)`,
    );
    const u = await time(wrong, { runs: 30, warmup: 3 });
    console.log(
      `POST /api/user/signin (unknown email, dummy hash):  median ${fmt(median(u))}, p95 ${fmt(percentile(u, 95))}`,
    );
  } finally {
    await b.close();
  }
}
