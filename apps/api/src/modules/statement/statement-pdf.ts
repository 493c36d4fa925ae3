import PDFDocument from 'pdfkit';
import { formatMoney } from '../payments/receipts.ts';
import type { Statement, StatementCareLine } from './statement.service.ts';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A YYYY-MM-DD day as printed: Mar 2, 2026. */
const day = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));

const MARGIN = 54;
/** The width between the margins of a US Letter page (612 pt wide). */
const WIDTH = 612 - 2 * MARGIN;
/**
 * Column x positions and widths (504 pt between margins), measured at 9.5 pt Helvetica: the
 * longest "Dec 30, 2026 to Dec 31, 2026" is 126 pt and "Sep 30, 2026" 57 pt, so neither wraps;
 * the amount column takes "($1,249.01 less $300.00 refunded)" (145 pt) on the line under the net.
 */
const COLUMNS = [
  { x: MARGIN, width: 144, align: 'left' },
  { x: MARGIN + 152, width: 128, align: 'left' },
  { x: MARGIN + 288, width: 58, align: 'left' },
  { x: MARGIN + 352, width: 152, align: 'right' },
] as const;
type Cells = [string, string, string, string];
const RULE = '#d0d0d0';
const MUTED = '#444444';

/**
 * Renders the yearly statement with pdfkit (standard Helvetica, so no font files ship). The
 * layout is a letter a parent hands to an FSA administrator: provider block with the EIN, the
 * family, per-child tables, membership charges, totals, and what the amounts mean.
 */
export function renderStatementPdf(s: Statement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    // Pages are kept until the end, so each footer can say "Page 2 of 3".
    bufferPages: true,
    info: {
      Title: `Dependent-care statement ${s.year}`,
      Author: s.provider.name,
      Subject: `Child care paid in ${s.year}`,
      CreationDate: new Date(`${s.issuedOn}T12:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => formatMoney(cents, s.currency);
  const bottom = () => doc.page.height - MARGIN;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const family = s.guardians.length ? s.guardians.join(', ') : 'Account holder';

  doc.font('Helvetica-Bold').fontSize(18).text(`Dependent-care statement for ${s.year}`);
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Issued ${day(s.issuedOn)}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(11).text('Care provider');
  doc.font('Helvetica').fontSize(10);
  doc.text(s.provider.name);
  doc.text(s.provider.address);
  doc.text(`Taxpayer identification number (EIN): ${s.provider.taxId}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(11).text('Family');
  doc.font('Helvetica').fontSize(10).text(family);
  doc.moveDown();

  const cellFont = (bold: boolean) => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
  const rowHeight = (cells: Cells, bold: boolean) => {
    cellFont(bold);
    return Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: COLUMNS[i]!.width }))) + 6;
  };
  /** One table row at doc.y, ruled underneath (darker under a header) so wrapped cells read as one row. */
  const row = (cells: Cells, opts: { bold?: boolean; header?: boolean } = {}) => {
    const bold = opts.bold ?? opts.header ?? false;
    const height = rowHeight(cells, bold);
    const y = doc.y;
    cellFont(bold);
    cells.forEach((c, i) => doc.text(c, COLUMNS[i]!.x, y, { width: COLUMNS[i]!.width, align: COLUMNS[i]!.align }));
    const ruleY = y + height - 3;
    doc
      .moveTo(MARGIN, ruleY)
      .lineTo(MARGIN + WIDTH, ruleY)
      .lineWidth(opts.header ? 0.8 : 0.4)
      .strokeColor(opts.header ? '#888888' : RULE)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const heading = (text: string) => {
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(text, MARGIN);
    doc.moveDown(0.3);
  };
  /**
   * A titled table. The title never sits alone at a page's foot (it moves with the header and
   * first row), and a table that runs onto the next page repeats its title, marked continued,
   * and its column header there, so every page reads on its own.
   */
  const table = (title: string, header: Cells, rows: Cells[], total: Cells) => {
    const titleHeight = 40;
    ensureRoom(titleHeight + rowHeight(header, true) + rowHeight(rows[0] ?? total, false));
    heading(title);
    row(header, { header: true });
    for (const cells of [...rows, total]) {
      const isTotal = cells === total;
      if (doc.y + rowHeight(cells, isTotal) > bottom()) {
        doc.addPage();
        heading(`${title} (continued)`);
        row(header, { header: true });
      }
      row(cells, { bold: isTotal });
    }
  };
  const sessions = (l: StatementCareLine) =>
    l.firstDate && l.lastDate ? `${day(l.firstDate)} to ${day(l.lastDate)}` : 'Dates not recorded';
  // The net is what counts for the claim; how it came about goes on the line under it.
  const amount = (l: StatementCareLine) =>
    l.refundedCents
      ? `${money(l.netCents)}\n(${money(l.paidCents)} less ${money(l.refundedCents)} refunded)`
      : money(l.netCents);

  if (!s.children.length && !s.memberships.length) {
    heading(`No paid care in ${s.year}`);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        `We have no payments for child care from this family in ${s.year}. Payments appear here by the date they were made.`,
      );
  }

  for (const child of s.children)
    table(
      child.name,
      ['Program', 'Sessions', 'Paid on', 'Amount paid'],
      child.lines.map((l) => [l.program, sessions(l), day(l.paidOn), amount(l)]),
      [`Total for ${child.name}`, '', '', money(child.totalCents)],
    );

  if (s.memberships.length)
    table(
      'Membership charges',
      ['Membership', 'Children covered', 'Paid on', 'Amount paid'],
      s.memberships.map((m) => [m.program, m.coveredChildren.join(', ') || 'None', day(m.paidOn), amount(m)]),
      ['Total for memberships', '', '', money(s.memberships.reduce((a, m) => a + m.netCents, 0))],
    );

  // The family total and what the amounts mean stay together, on the last table's page when they fit.
  const totalText = `Family total for ${s.year}: ${money(s.familyTotalCents)}`;
  const note =
    `Amounts are what was paid in ${s.year} for care of the children named, net of refunds made so far, by payment date. ` +
    'A membership charge pays for all the children it covered. Keep this statement with your dependent-care account claim or tax records.';
  const closing =
    doc.font('Helvetica-Bold').fontSize(12).heightOfString(totalText, { width: WIDTH }) +
    doc.font('Helvetica').fontSize(8.5).heightOfString(note, { width: WIDTH }) +
    40;
  ensureRoom(closing);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(totalText, MARGIN);
  doc.moveDown();
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(note, MARGIN, doc.y, { width: WIDTH });

  // Each page's foot, in the bottom margin (pdfkit would start a new page for text below it).
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `Dependent-care statement for ${s.year} · ${family} · Page ${i + 1} of ${pages.count}`,
        MARGIN,
        doc.page.height - MARGIN + 20,
        { width: WIDTH, align: 'center', lineBreak: false },
      );
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}
