import PDFDocument from 'pdfkit';
import { formatMoney } from '../payments/receipts.ts';
import type { Statement, StatementCareLine } from './statement.service.ts';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A YYYY-MM-DD day as printed: Mar 2, 2026. */
const day = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));

const MARGIN = 54;
/** Column x positions and widths on a US Letter page (612 pt wide, 504 pt between margins). */
const COLUMNS = [
  { x: MARGIN, width: 170, align: 'left' },
  { x: MARGIN + 176, width: 150, align: 'left' },
  { x: MARGIN + 332, width: 80, align: 'left' },
  { x: MARGIN + 418, width: 86, align: 'right' },
] as const;

/**
 * Renders the yearly statement with pdfkit (standard Helvetica, so no font files ship). The
 * layout is a letter a parent hands to an FSA administrator: provider block with the EIN, the
 * family, per-child tables, membership charges, totals, and what the amounts mean.
 */
export function renderStatementPdf(s: Statement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
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
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(s.guardians.length ? s.guardians.join(', ') : 'Account holder');
  doc.moveDown();

  const row = (cells: [string, string, string, string], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: COLUMNS[i]!.width }));
    const height = Math.max(...heights) + 4;
    ensureRoom(height);
    const y = doc.y;
    cells.forEach((c, i) => doc.text(c, COLUMNS[i]!.x, y, { width: COLUMNS[i]!.width, align: COLUMNS[i]!.align }));
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const sessions = (l: StatementCareLine) =>
    l.firstDate && l.lastDate ? `${day(l.firstDate)} to ${day(l.lastDate)}` : 'Dates not recorded';
  const amount = (l: StatementCareLine) =>
    l.refundedCents
      ? `${money(l.netCents)} (${money(l.paidCents)} less ${money(l.refundedCents)} refunded)`
      : money(l.netCents);
  const heading = (text: string) => {
    ensureRoom(60);
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(12).text(text, MARGIN);
    doc.moveDown(0.3);
  };

  if (!s.children.length && !s.memberships.length) {
    heading(`No paid care in ${s.year}`);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        `We have no payments for child care from this family in ${s.year}. Payments appear here by the date they were made.`,
      );
  }

  for (const child of s.children) {
    heading(child.name);
    row(['Program', 'Sessions', 'Paid on', 'Amount paid'], true);
    for (const l of child.lines) row([l.program, sessions(l), day(l.paidOn), amount(l)]);
    row([`Total for ${child.name}`, '', '', money(child.totalCents)], true);
  }

  if (s.memberships.length) {
    heading('Membership charges');
    row(['Membership', 'Children covered', 'Paid on', 'Amount paid'], true);
    for (const m of s.memberships) row([m.program, m.coveredChildren.join(', ') || 'None', day(m.paidOn), amount(m)]);
    row(['Total for memberships', '', '', money(s.memberships.reduce((a, m) => a + m.netCents, 0))], true);
  }

  ensureRoom(80);
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Family total for ${s.year}: ${money(s.familyTotalCents)}`, MARGIN);
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#444444')
    .text(
      `Amounts are what was paid in ${s.year} for care of the children named, net of refunds made so far, by payment date. ` +
        'A membership charge pays for all the children it covered. Keep this statement with your dependent-care account claim or tax records.',
    );
  doc.end();
  return done;
}
