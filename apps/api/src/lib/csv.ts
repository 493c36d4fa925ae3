import { CSV_FORMULA_START } from '@kikstart/contract/admin-leads';

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, quote or line break). A cell a
 * spreadsheet would run as a formula (= + - @, tab, carriage return first) gets a leading ', so
 * visitor text in an export can never run on a staff member's computer.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && CSV_FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file: a header row, then one line per row, CRLF as RFC 4180 says. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
