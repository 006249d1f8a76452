import { inspectionPdf, leasePdf, wordDocx } from './demo-document-files.ts';

const terms = {
  landlord: 'Harbor View Apartments Management LLC',
  tenant: 'Daniel Ortiz',
  premises: 'Unit 2B, 8 Harbor View, Portland, ME 04101',
  start: '2026-02-01',
  end: '2027-01-31',
  rentDollars: 1850,
  depositDollars: 1850,
  dueDay: 1,
  noticeDays: 60,
  singleFamily: false,
};

/** Counts the pages of a pdfkit PDF from its page objects (pdfkit writes them uncompressed). */
const pageCount = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('the demo vault’s files', () => {
  it('makes a two-page lease PDF, byte for byte the same for the same terms (the vault stores it once per location)', async () => {
    const lease = await leasePdf(terms);
    expect(lease.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(lease)).toBe(2);
    expect((await leasePdf(terms)).equals(lease)).toBe(true);
    expect((await leasePdf({ ...terms, rentDollars: 1900 })).equals(lease)).toBe(false);
  });

  it('makes an inspection report PDF', async () => {
    const report = await inspectionPdf({ property: 'Harbor View Apartments', unit: '2B', tenant: 'Daniel Ortiz', date: '2026-02-01', inspector: 'Maya Chen', rooms: [{ room: 'Kitchen', condition: 'Good', notes: 'Appliances working.' }] });
    expect(report.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(report)).toBe(1);
  });

  it('makes a .docx whose first zip entry is word/document.xml, holding the text escaped', () => {
    const docx = wordDocx('House rules', ['Quiet hours are 10 pm to 7 am & no smoking <anywhere>.']);
    expect(docx.readUInt32LE(0)).toBe(0x04034b50);
    const nameLength = docx.readUInt16LE(26);
    expect(docx.toString('utf8', 30, 30 + nameLength)).toBe('word/document.xml');
    const text = docx.toString('utf8');
    expect(text).toContain('Quiet hours are 10 pm to 7 am &amp; no smoking &lt;anywhere&gt;.');
    expect(text).toContain('[Content_Types].xml');
    // End of central directory: three entries.
    expect(docx.readUInt16LE(docx.length - 22 + 10)).toBe(3);
  });
});
