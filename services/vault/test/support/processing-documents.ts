import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import yazl from 'yazl';

/** Real files for the processing tests, built the way a word processor, a scanner or an attacker would make them. */

/** A two-page residential lease; the second page has facts and a phrase of its own. */
export const LEASE_PAGES = [
  `RESIDENTIAL LEASE AGREEMENT

This Residential Lease Agreement is made and entered into on March 3, 2026, by and between Oakwood Property Management, LLC ("Landlord") and Jordan Rivera ("Tenant").

1. PREMISES. Landlord leases to Tenant the premises located at 48 Birch Lane, Unit 2, Madison, WI 53703.

2. TERM. The term of this lease shall be twelve (12) months, commencing on April 1, 2026 and ending on March 31, 2027.

3. RENT. Tenant shall pay monthly rent of $1,650.00, due on the 1st day of each month.`,
  `4. SECURITY DEPOSIT. Tenant shall pay a security deposit of $1,650.00 before moving in.

5. NOTICE. Either party may terminate this lease at the end of the term with sixty (60) days' written notice.

The garden shed behind the house stays locked and is not part of the premises.`,
];

export async function pdfBytes(pages: readonly string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (const text of pages) {
    doc.addPage();
    doc.font('Helvetica').fontSize(12).text(text);
  }
  doc.end();
  await finished(doc);
  return Buffer.concat(chunks);
}

/** A scanned page: a PDF page rasterised by pdftoppm into a PNG, as a scanner delivers it (no text layer). */
export async function scannedPng(dir: string, text: string): Promise<Buffer> {
  const pdf = join(dir, 'to-scan.pdf');
  const doc = new PDFDocument({ size: 'LETTER', margin: 72 });
  const out = createWriteStream(pdf);
  doc.pipe(out);
  doc.font('Helvetica').fontSize(20).text(text);
  doc.end();
  await finished(out);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', pdf, join(dir, 'scan')]);
  return readFile(join(dir, 'scan.png'));
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal valid Word document (the three parts Word and LibreOffice need), one paragraph per entry. */
export function docxBytes(paragraphs: readonly string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    '_rels/.rels',
  );
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`).join('');
  zip.addBuffer(
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`),
    'word/document.xml',
  );
  return zipBytes(zip);
}

/** A zip bomb named .docx: Word's parts plus `bytes` zeros in word/document.xml, deflating about 1000:1. */
export function zipBombDocxBytes(bytes: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'), '[Content_Types].xml');
  const chunk = Buffer.alloc(1024 * 1024);
  let left = bytes;
  zip.addReadStream(
    new Readable({
      read() {
        if (left <= 0) return this.push(null);
        const size = Math.min(left, chunk.length);
        left -= size;
        this.push(chunk.subarray(0, size));
      },
    }),
    'word/document.xml',
  );
  return zipBytes(zip);
}

async function zipBytes(zip: yazl.ZipFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
  zip.end();
  await finished(zip.outputStream);
  return Buffer.concat(chunks);
}

/** Process ids of this test process's descendants whose command line contains `name` (the service runs in-process). */
export async function descendantsNamed(name: string): Promise<number[]> {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      commands.set(Number(entry), (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\u0000', ' '));
    } catch {
      // The process ended while we looked.
    }
  }
  const isOurs = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...commands].filter(([pid, command]) => command.includes(name) && isOurs(pid)).map(([pid]) => pid);
}
