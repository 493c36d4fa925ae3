import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import type { Statement } from './statement.service.ts';

/** A family with one child in many programs (some refunded) and a year of monthly plan charges. */
function longStatement(): Statement {
  const lines = Array.from({ length: 45 }, (_, i) => ({
    program: i % 3 ? `Ocean Soccer Club ${i}` : `After-school Robotics and Creative Coding Lab ${i}`,
    firstDate: '2026-01-07',
    lastDate: '2026-03-25',
    paidOn: '2026-01-02',
    paidCents: 124_900,
    refundedCents: i % 4 === 1 ? 30_000 : 0,
    netCents: i % 4 === 1 ? 94_900 : 124_900,
  }));
  return {
    year: 2026,
    issuedOn: '2027-01-15',
    provider: { name: 'KikStart Kids LLC', address: '1200 Harbor Blvd, Santa Monica, CA 90401', taxId: '12-3456789' },
    guardians: ['Ana Rivera'],
    children: [{ name: 'Noah Rivera', lines, totalCents: lines.reduce((a, l) => a + l.netCents, 0) }],
    memberships: [],
    familyTotalCents: lines.reduce((a, l) => a + l.netCents, 0),
    currency: 'USD',
  };
}

/** The text of each page, in order (pdfkit writes one content stream per page). */
const pagesOf = (pdf: Buffer) =>
  pdfText(pdf)
    .split(/(?<=Page \d+ of \d+)\n?/)
    .filter((p) => p.trim());

describe('the statement PDF layout', () => {
  it('a table running onto more pages repeats its title (continued) and column header, and every page is numbered', async () => {
    const pages = pagesOf(await renderStatementPdf(longStatement()));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Dependent-care statement for 2026 · Ana Rivera · Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Amount paid');
      if (i > 0) expect(page).toContain('Noah Rivera (continued)');
    });
    // The total and the note close the last page, together.
    expect(pages.at(-1)).toContain('Family total for 2026');
    expect(pages.at(-1)).toContain('Keep this statement');
  });

  it('a refunded line shows the net, with what was paid and refunded on the line under it', async () => {
    const text = pdfText(await renderStatementPdf(longStatement()));
    expect(text).toContain('$949.00\n($1,249.00 less $300.00 refunded)');
  });
});
