import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * The demo vault's files, made on the spot: leases and an inspection report as PDFs (pdfkit), a scanned page as a
 * PNG (the report's first page rendered by poppler's pdftoppm, as a phone scan would be), and house rules as a Word
 * file. Real files of their types, so the vault's pipeline reads them as it reads anyone's.
 */

export interface DemoLeaseTerms {
  landlord: string;
  tenant: string;
  premises: string;
  /** YYYY-MM-DD */
  start: string;
  end: string;
  rentDollars: number;
  depositDollars: number;
  dueDay: number;
  noticeDays: number;
  singleFamily: boolean;
}

const FIXED_DATE = new Date('2026-01-05T09:00:00Z');

function pdf(title: string, write: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  // A fixed creation date: the same terms give the same bytes, so the vault's per-location de-duplication holds.
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: title, Author: 'PM Platform demo', CreationDate: FIXED_DATE, ModDate: FIXED_DATE } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  write(doc);
  doc.end();
  return done;
}

const money = (dollars: number): string => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const longDate = (iso: string): string => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const ordinal = (day: number): string => `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`;

/** A two-page residential lease with the facts the vault's reader looks for, each in a sentence of its own. */
export function leasePdf(terms: DemoLeaseTerms): Promise<Buffer> {
  const kind = terms.singleFamily ? 'Single-Family Residential Lease Agreement' : 'Residential Apartment Lease Agreement';
  return pdf(kind, (doc) => {
    doc.fontSize(16).text(kind, { align: 'center' }).moveDown();
    doc.fontSize(11);
    const para = (heading: string, text: string) => doc.font('Helvetica-Bold').text(heading).font('Helvetica').text(text, { align: 'justify' }).moveDown(0.6);
    para('1. Parties', `This Lease Agreement is made between ${terms.landlord} ("Landlord") and ${terms.tenant} ("Tenant").`);
    para('2. Premises', `Landlord leases to Tenant the premises located at ${terms.premises} (the "Premises"), for use as a private residence only.`);
    para('3. Term', `The term of this lease begins on ${longDate(terms.start)} and ends on ${longDate(terms.end)}.`);
    para('4. Rent', `Tenant shall pay monthly rent of ${money(terms.rentDollars)}. Rent is due on the ${ordinal(terms.dueDay)} day of each month.`);
    para('5. Late charge', `Rent received after the ${ordinal(terms.dueDay + 4)} day of the month incurs a late charge of ${money(Math.round(terms.rentDollars * 0.05))}.`);
    para('6. Security deposit', `Tenant shall pay a security deposit of ${money(terms.depositDollars)} before moving in. The deposit is returned within 30 days after the end of the tenancy, less lawful deductions.`);
    doc.addPage();
    para('7. Notice', `Either party may end the tenancy at the end of the term by giving written notice at least ${terms.noticeDays} days before the end date.`);
    para('8. Utilities', terms.singleFamily ? 'Tenant pays for electricity, gas, water, sewer, trash and internet service.' : 'Landlord pays for water, sewer and trash. Tenant pays for electricity and internet service.');
    para('9. Maintenance', `Tenant shall keep the Premises clean and report any needed repairs promptly. ${terms.singleFamily ? 'Tenant maintains the lawn and clears snow from walkways.' : 'Landlord maintains the common areas.'}`);
    para('10. Pets and smoking', 'No pets without the Landlord’s written consent. Smoking is not permitted anywhere on the Premises.');
    para('11. Entry', 'Landlord may enter the Premises with at least 24 hours’ notice for inspections and repairs, and at any time in an emergency.');
    doc.moveDown(2).text(`Landlord: ${terms.landlord}        Date: ${longDate(terms.start)}`).moveDown().text(`Tenant: ${terms.tenant}        Date: ${longDate(terms.start)}`);
  });
}

export interface DemoInspection {
  property: string;
  unit: string;
  tenant: string;
  /** YYYY-MM-DD */
  date: string;
  inspector: string;
  rooms: { room: string; condition: 'Good' | 'Fair' | 'Needs repair'; notes: string }[];
}

export function inspectionPdf(inspection: DemoInspection): Promise<Buffer> {
  return pdf('Move-in Inspection Report', (doc) => {
    doc.fontSize(16).text('Move-in Inspection Report', { align: 'center' }).moveDown();
    doc.fontSize(11).text(`Property: ${inspection.property}`).text(`Unit: ${inspection.unit}`).text(`Tenant: ${inspection.tenant}`);
    doc.text(`Inspection date: ${longDate(inspection.date)}`).text(`Inspector: ${inspection.inspector}`).moveDown();
    for (const room of inspection.rooms) {
      doc.font('Helvetica-Bold').text(`${room.room} — ${room.condition}`).font('Helvetica').text(room.notes).moveDown(0.5);
    }
    doc.moveDown().text('The tenant has reviewed this report and agrees that it describes the condition of the unit at move-in.');
  });
}

/** The first page of a PDF as a PNG, as a scanner or a phone would give it; undefined where poppler is not installed. */
export async function scannedPng(pdfBytes: Buffer): Promise<Buffer | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'pm-demo-scan-'));
  try {
    await writeFile(join(dir, 'page.pdf'), pdfBytes);
    await promisify(execFile)('pdftoppm', ['-png', '-r', '110', '-gray', '-singlefile', '-f', '1', '-l', '1', join(dir, 'page.pdf'), join(dir, 'page')], { timeout: 30_000 });
    return await readFile(join(dir, 'page.png'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const xmlEscape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Word document (.docx) of a title and paragraphs: the three parts Word needs, in a zip. */
export function wordDocx(title: string, paragraphs: readonly string[]): Buffer {
  const run = (text: string, bold = false) => `<w:p><w:r>${bold ? '<w:rPr><w:b/><w:sz w:val="32"/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${run(title, true)}${paragraphs.map((text) => run(text)).join('')}</w:body></w:document>`;
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
  // word/ first: type sniffers (ours included) recognise a .docx by its first entries.
  return storedZip([
    ['word/document.xml', document],
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', rels],
  ]);
}

/** A zip of uncompressed entries (method 0), with a fixed timestamp so the same content gives the same bytes. */
function storedZip(entries: readonly [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const dosTime = 0x4800; // 09:00:00
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 5; // 2026-01-05
  for (const [name, text] of entries) {
    const data = Buffer.from(text, 'utf8');
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
