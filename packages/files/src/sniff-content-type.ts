/** The types the platform recognises from a file's first bytes; nothing else is ever stored. */
export const SNIFFABLE_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  tiff: 'image/tiff',
  /** An Internet message as received by SMTP (RFC 5322): kept whole before it is parsed. */
  eml: 'message/rfc822',
} as const;

export type SniffedContentType = (typeof SNIFFABLE_TYPES)[keyof typeof SNIFFABLE_TYPES];

/** Short names for messages shown to the person uploading ("PNG image", not a MIME type). */
export const CONTENT_TYPE_LABELS: Record<SniffedContentType, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word document (.doc)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document (.docx)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook (.xlsx)',
  'application/xml': 'XML',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'image/heic': 'HEIC image',
  'image/tiff': 'TIFF image',
  'message/rfc822': 'e-mail message',
};

/**
 * How many leading bytes sniffing wants: enough for the zip entry names of an Office file (Word and Excel write
 * `[Content_Types].xml` and `_rels/` first, then `word/` or `xl/` entries within the first few kilobytes).
 */
export const SNIFF_BYTES = 64 * 1024;

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0): boolean =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);

/**
 * The content type of a file from its first bytes (up to SNIFF_BYTES), or undefined when it is none of the types
 * above. The client's Content-Type and file name are never consulted: both are whatever the sender chose.
 */
export function sniffContentType(head: Buffer): SniffedContentType | undefined {
  if (startsWith(head, ascii('%PDF-'))) return SNIFFABLE_TYPES.pdf;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return SNIFFABLE_TYPES.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return SNIFFABLE_TYPES.jpeg;
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return SNIFFABLE_TYPES.gif;
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return SNIFFABLE_TYPES.webp;
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return SNIFFABLE_TYPES.tiff;
  if (isHeic(head)) return SNIFFABLE_TYPES.heic;
  // OLE2 compound file: the container of legacy .doc (also .xls/.ppt, which the platform treats alike).
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return SNIFFABLE_TYPES.doc;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return officeZipType(head);
  if (isXml(head)) return SNIFFABLE_TYPES.xml;
  if (isInternetMessage(head)) return SNIFFABLE_TYPES.eml;
  return undefined;
}

/**
 * An RFC 5322 message starts with a header field: a name of printable ASCII without a colon or space, a colon, and a
 * value on a line of at most 998 characters (e.g. `Received: from …`, `From: …`, `Message-ID: …`).
 */
function isInternetMessage(head: Buffer): boolean {
  return /^[!-9;-~]{1,76}:[^\r\n]{0,998}\r?\n/.test(head.toString('latin1', 0, 1_100));
}

function isHeic(head: Buffer): boolean {
  if (!startsWith(head, ascii('ftyp'), 4) || head.length < 16) return false;
  const boxSize = Math.min(head.readUInt32BE(0), head.length);
  const brands = [head.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(head.toString('latin1', offset, offset + 4));
  const [major] = brands;
  if (major && HEIC_BRANDS.has(major)) return true;
  // mif1/msf1 is the generic HEIF brand (AVIF uses it too): only HEIC when a HEVC brand is listed as compatible.
  return (major === 'mif1' || major === 'msf1') && brands.some((brand) => HEIC_BRANDS.has(brand));
}

/** Reads the names of the zip's local file headers within the head: word/… is a .docx, xl/… an .xlsx. */
function officeZipType(head: Buffer): SniffedContentType | undefined {
  let offset = 0;
  while ((offset = head.indexOf('PK\x03\x04', offset, 'latin1')) !== -1 && offset + 30 <= head.length) {
    const nameLength = head.readUInt16LE(offset + 26);
    const name = head.toString('latin1', offset + 30, Math.min(offset + 30 + nameLength, head.length));
    if (name.startsWith('word/')) return SNIFFABLE_TYPES.docx;
    if (name.startsWith('xl/')) return SNIFFABLE_TYPES.xlsx;
    offset += 4;
  }
  return undefined;
}

function isXml(head: Buffer): boolean {
  const start = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  return head.toString('utf8', start, start + 64).trimStart().startsWith('<?xml');
}
