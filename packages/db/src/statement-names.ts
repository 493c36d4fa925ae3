/**
 * Named (prepared) statements on PostgreSQL. Sent unnamed, a statement is parsed and planned
 * every time; sent with a name, each connection prepares it once and later only binds values.
 * In the registration-day rush PostgreSQL spent longer planning the hot statements than running
 * them (pg_stat_statements: the session check 397 ms planning against 142 ms running), so every
 * statement whose text is fixed gets a name derived from its text (decision 0028).
 *
 * Left unnamed: anything but a plain data statement (migrations, DDL, transaction control), and
 * statements whose text grows with their input (an `in (…)` list, a multi-row insert, an array
 * of parameters), which would prepare one variant per length on every connection. A list fixed in
 * the code (a set of statuses) is written into the text instead (apps/api `isOneOf`), so its
 * statement keeps its name.
 */

/** Data statements, which PostgreSQL prepares; DDL and the rest run as sent. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** Texts that change with their input's length: `in ($1, $2`, `($1, $2), ($3`, `array[$1, $2`. */
const VARIABLE_LENGTH = /\bin \(\$\d+, \$|\), \(\$\d+|\barray\[\$\d+, \$/i;
/** At most this many distinct names per process; later new texts run unnamed. */
const MAX_NAMES = 2000;

const names = new Map<string, string>();

/** The name for a statement's text, or undefined when it should run unnamed. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_NAMES || !DATA_STATEMENT.test(text) || VARIABLE_LENGTH.test(text)) return undefined;
  const name = `k${names.size + 1}`;
  names.set(text, name);
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/**
 * The query config as the driver should send it: with a statement name when it has none and its
 * text qualifies. Strings (BEGIN, COMMIT) and prepared Query objects pass unchanged.
 */
export function withStatementName<T>(config: T): T {
  if (typeof config !== 'object' || config === null) return config;
  const c = config as QueryConfigLike;
  if (c.name !== undefined || typeof c.submit === 'function' || typeof c.text !== 'string') return config;
  const name = statementName(c.text);
  return name ? { ...config, name } : config;
}
