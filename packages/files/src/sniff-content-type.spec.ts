import { SNIFFABLE_TYPES, sniffContentType } from './sniff-content-type.js';

const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

/** A zip local file header for `name` (sizes zero, as when a data descriptor follows). */
const zipEntry = (name: string): Buffer => {
  const header = Buffer.alloc(30);
  header.write('PK\x03\x04', 0, 'latin1');
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), Buffer.alloc(40, 0x11)]);
};

const ftyp = (major: string, ...compatible: string[]): Buffer => {
  const box = Buffer.alloc(16 + compatible.length * 4);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, index) => box.write(brand, 16 + index * 4, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(32)]);
};

describe('sniffContentType', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n%âãÏÓ'), SNIFFABLE_TYPES.pdf],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), SNIFFABLE_TYPES.png],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), SNIFFABLE_TYPES.jpeg],
    ['gif87a', bytes('GIF87a....'), SNIFFABLE_TYPES.gif],
    ['gif89a', bytes('GIF89a....'), SNIFFABLE_TYPES.gif],
    ['webp', bytes('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 '), SNIFFABLE_TYPES.webp],
    ['tiff little-endian', bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), SNIFFABLE_TYPES.tiff],
    ['tiff big-endian', bytes([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), SNIFFABLE_TYPES.tiff],
    ['heic', ftyp('heic', 'mif1', 'heic'), SNIFFABLE_TYPES.heic],
    ['heif with a hevc brand', ftyp('mif1', 'mif1', 'heic'), SNIFFABLE_TYPES.heic],
    ['doc (OLE2)', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 'rest'), SNIFFABLE_TYPES.doc],
    ['docx', Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('_rels/.rels'), zipEntry('word/document.xml')]), SNIFFABLE_TYPES.docx],
    ['xlsx', Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('xl/workbook.xml')]), SNIFFABLE_TYPES.xlsx],
    ['xml', bytes('<?xml version="1.0"?><a/>'), SNIFFABLE_TYPES.xml],
    ['xml with BOM and blank lines', bytes([0xef, 0xbb, 0xbf], '\n  <?xml version="1.0"?>'), SNIFFABLE_TYPES.xml],
    ['an e-mail message', bytes('Received: from mx.example.com\r\nFrom: Maria <maria@example.com>\r\n\r\nHi'), SNIFFABLE_TYPES.eml],
    ['an e-mail message with LF line ends', bytes('From: maria@example.com\nSubject: Leak\n\nHi'), SNIFFABLE_TYPES.eml],
  ])('recognises %s', (_name, head, expected) => {
    expect(sniffContentType(head)).toBe(expected);
  });

  it.each([
    ['plain text', bytes('hello, this is not a document')],
    ['text with a colon after a space', bytes('Dear manager: the sink leaks\n')],
    ['a header line that never ends', bytes(`X-Long: ${'a'.repeat(2000)}`)],
    ['a zip that is no Office file', zipEntry('photos/cat.jpg')],
    ['avif (HEIF without a HEVC brand)', ftyp('avif', 'mif1', 'avif')],
    ['html', bytes('<!doctype html><script>')],
    ['an executable', bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1])],
    ['nothing', Buffer.alloc(0)],
    ['a truncated png signature', bytes([0x89, 0x50, 0x4e])],
  ])('does not recognise %s', (_name, head) => {
    expect(sniffContentType(head)).toBeUndefined();
  });
});
