/**
 * True when the API suite runs on a PostgreSQL server (`npm run test:api:pg`, part of `npm test`).
 *
 * PGlite has one connection: two transactions never interleave there, so a race test (requests
 * fired together with Promise.all, two drains or sweeps at once) passes on PGlite whether or not
 * the code locks anything. Such tests run only here, with `describe.runIf(onPostgres)` or
 * `it.runIf(onPostgres)`, so a green PGlite run is not read as proof.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
