import { attachmentDisposition } from './content-disposition.js';

describe('attachmentDisposition', () => {
  it('keeps a plain name as is in both forms', () => {
    expect(attachmentDisposition('lease 2026.pdf')).toBe(`attachment; filename="lease 2026.pdf"; filename*=UTF-8''lease%202026.pdf`);
  });

  it('encodes unicode in filename* (RFC 8187) with an ASCII fallback', () => {
    expect(attachmentDisposition('Miete März €.pdf')).toBe(`attachment; filename="Miete M_rz _.pdf"; filename*=UTF-8''Miete%20M%C3%A4rz%20%E2%82%AC.pdf`);
  });

  it('leaves no way to inject a header or a parameter', () => {
    const header = attachmentDisposition('a".pdf\r\nSet-Cookie: x=1; filename=evil.exe');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toBe(
      `attachment; filename="a_.pdfSet-Cookie: x=1_ filename=evil.exe"; filename*=UTF-8''a%22.pdfSet-Cookie%3A%20x%3D1%3B%20filename%3Devil.exe`,
    );
  });

  it("escapes the characters encodeURIComponent leaves (' ( ) *)", () => {
    expect(attachmentDisposition("it's (final)*.pdf")).toContain(`filename*=UTF-8''it%27s%20%28final%29%2A.pdf`);
  });

  it('drops directories, and falls back to "download" when nothing is left', () => {
    expect(attachmentDisposition('../../etc/passwd')).toBe(`attachment; filename="passwd"; filename*=UTF-8''passwd`);
    expect(attachmentDisposition('C:\\Users\\me\\report.pdf')).toContain(`filename="report.pdf"`);
    expect(attachmentDisposition('..')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
    expect(attachmentDisposition('')).toContain(`filename="download"`);
  });
});
