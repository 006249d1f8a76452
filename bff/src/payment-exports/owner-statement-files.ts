import type { OwnerStatement } from '@pm/contracts';
import PDFDocument from 'pdfkit';
import { pdfBytes, type GeneratedFile } from '../files/generated-files.js';
import { csvOf, dollars } from './csv.js';
import { fileSafe } from './ledger-csv.js';

export type OwnerStatementFormat = 'pdf' | 'csv';

/** Where statements a link opens are kept (GeneratedFiles). */
export const OWNER_STATEMENTS_PREFIX = 'bff/owner-statements';

const UNIT_COLUMNS = ['Unit', 'Opening balance', 'Charged', 'Credited', 'Closing balance', 'Collected', 'Clearing'] as const;

/** The month's owner statement as a file: a PDF to read and print, or a CSV for a spreadsheet. */
export async function ownerStatementFile(statement: OwnerStatement, format: OwnerStatementFormat): Promise<GeneratedFile> {
  const fileName = `owner-statement-${fileSafe(statement.location.name)}-${statement.month}.${format}`;
  if (format === 'csv') return { body: Buffer.from(statementCsv(statement), 'utf8'), fileName, contentType: 'text/csv; charset=utf-8' };
  return { body: await statementPdf(statement), fileName, contentType: 'application/pdf' };
}

function unitName(unit: OwnerStatement['units'][number]): string {
  return [unit.building_name, `Unit ${unit.unit_name}`].filter(Boolean).join(', ');
}

function statementCsv(statement: OwnerStatement): string {
  const { totals } = statement;
  return csvOf([
    [`Owner statement, ${statement.location.name}, ${monthName(statement.month)}`],
    [],
    [...UNIT_COLUMNS],
    ...statement.units.map((u) => [unitName(u), dollars(u.opening_balance, true), dollars(u.charged, true), dollars(u.credited, true), dollars(u.closing_balance, true), dollars(u.collected, true), dollars(u.processing, true)]),
    ['Total', dollars(totals.opening_balance, true), dollars(totals.charged, true), dollars(totals.credited, true), dollars(totals.closing_balance, true), dollars(totals.collected, true), dollars(totals.processing, true)],
    [],
    ['Date', 'Unit', 'Method', 'Status', 'Amount', 'Description'],
    ...statement.payments.map((p) => [p.date, p.unit_name, p.method, p.status, dollars(p.amount, true), p.description]),
  ]);
}

/** "November 2026". */
function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Cents as "$1,850.00" (integers only). */
function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}$${String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(whole % 100).padStart(2, '0')}`;
}

const MARGIN = 40;
const BODY = 9;

/**
 * The statement as a landscape letter page (or pages): the location and month, a table of units with their figures and
 * the location's totals, then every payment dated in the month. PDFKit's standard fonts cover Latin text (WinAnsi).
 */
function statementPdf(statement: OwnerStatement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `Owner statement ${statement.location.name} ${statement.month}`, Creator: 'PM Platform', CreationDate: new Date(statement.generated_at) },
  });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(16).text(`Owner statement: ${statement.location.name}`);
  doc.font('Helvetica').fontSize(BODY + 1).text(`${monthName(statement.month)} · dates in ${statement.location.time_zone} · made ${statement.generated_at.slice(0, 16).replace('T', ' ')} UTC`);
  doc.moveDown(1);

  const width = doc.page.width - 2 * MARGIN;
  const unitColumns = [0.28, 0.12, 0.12, 0.12, 0.12, 0.12, 0.12].map((share) => share * width);
  table(doc, unitColumns, [...UNIT_COLUMNS], [
    ...statement.units.map((u) => [unitName(u), money(u.opening_balance), money(u.charged), money(u.credited), money(u.closing_balance), money(u.collected), money(u.processing)]),
  ], [
    'Total',
    money(statement.totals.opening_balance),
    money(statement.totals.charged),
    money(statement.totals.credited),
    money(statement.totals.closing_balance),
    money(statement.totals.collected),
    money(statement.totals.processing),
  ]);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(BODY + 2).text('Payments', MARGIN);
  doc.moveDown(0.3);
  if (statement.payments.length === 0) doc.font('Helvetica').fontSize(BODY).text('No payments are dated in this month.', MARGIN);
  else {
    const paymentColumns = [0.1, 0.22, 0.12, 0.14, 0.12, 0.3].map((share) => share * width);
    table(doc, paymentColumns, ['Date', 'Unit', 'Method', 'Status', 'Amount', 'Description'], statement.payments.map((p) => [p.date, p.unit_name, p.method.replace('_', ' '), p.status.replace('_', ' '), money(p.amount), p.description]));
  }
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(BODY - 1).text('Opening balance + charged − credited = closing balance. Collected: payments dated in the month that arrived, less returns and refunds. Clearing: bank (ACH) payments not yet settled.', MARGIN, undefined, { width });
  doc.end();
  return done;
}

/** A simple table: a bold header, rows, an optional bold total row; a new page (with the header again) when one is full. */
function table(doc: PDFKit.PDFDocument, columns: number[], header: string[], rows: string[][], total?: string[]): void {
  const rowHeight = BODY + 6;
  const draw = (cells: string[], bold: boolean) => {
    if (doc.y + rowHeight > doc.page.height - MARGIN) {
      doc.addPage();
      draw(header, true);
    }
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(BODY);
    cells.forEach((cell, index) => {
      const numeric = index > 0 && /^-?\$/.test(cell);
      doc.text(cell, x + 2, y, { width: columns[index]! - 4, align: numeric ? 'right' : 'left', lineBreak: false, ellipsis: true, height: rowHeight });
      x += columns[index]!;
    });
    doc.y = y + rowHeight;
  };
  draw(header, true);
  doc.moveTo(MARGIN, doc.y - 2).lineTo(MARGIN + columns.reduce((a, b) => a + b, 0), doc.y - 2).lineWidth(0.5).stroke();
  for (const row of rows) draw(row, false);
  if (total) draw(total, true);
}
