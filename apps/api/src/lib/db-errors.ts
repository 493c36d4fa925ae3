/**
 * What of a database error may be logged. Drizzle puts the SQL and every parameter into its
 * error's message (`Failed query: … params: …`), and so into the stack's first line; the
 * driver's message and `detail` quote values too ("Key (email)=(…) already exists", "invalid
 * input syntax for type uuid: \"…\""). A failed child write would log allergies, medical notes
 * and contacts. So a database error is logged only by its SQLSTATE, the schema names involved
 * and the code frames: enough to find the bug, nothing a person typed.
 */
export interface DbErrorSummary {
  /** SQLSTATE, e.g. 22021 (bad encoding) or 23505 (unique violation). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The PostgreSQL function that raised it, e.g. report_invalid_encoding. */
  routine?: string;
  /** Stack frames only; the first line (the message) is left out. */
  frames?: string[];
}

type ErrorLink = {
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  stack?: unknown;
};

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The loggable summary when `error` is (or wraps) a database error; undefined otherwise. */
export function summarizeDbError(error: unknown): DbErrorSummary | undefined {
  let isDb = false;
  const summary: DbErrorSummary = {};
  for (
    let e = error as ErrorLink | undefined, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = e.cause as ErrorLink, depth++
  ) {
    // Drizzle's wrapper carries query/params; pg's and PGlite's DatabaseError carry severity.
    if ('query' in e || 'params' in e || text(e.severity)) isDb = true;
    summary.code ??= text(e.code);
    summary.constraint ??= text(e.constraint);
    summary.table ??= text(e.table);
    summary.column ??= text(e.column);
    summary.routine ??= text(e.routine);
  }
  if (!isDb) return undefined;
  const stack = text((error as ErrorLink).stack);
  if (stack)
    summary.frames = stack
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 15);
  return summary;
}

/** A PostgreSQL data exception (SQLSTATE class 22): the input's fault, not the server's. */
export const isDataException = (summary: DbErrorSummary | undefined) =>
  !!summary?.code && /^22[0-9A-Z]{3}$/.test(summary.code);

/**
 * Connection failures: the server refused or ended the connection (a restart, a failover,
 * `pg_terminate_backend`), or it did not answer in time. Such a request changed nothing (its
 * transaction never committed), so it is a 503 to try again, not a 500.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  // SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutdown, crash, starting up).
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as ErrorLink | undefined, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = e.cause as ErrorLink, depth++
  ) {
    const code = text(e.code);
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    const message = text((e as { message?: unknown }).message);
    if (message && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}
