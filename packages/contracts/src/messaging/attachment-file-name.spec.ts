import { attachmentFileName } from './attachment-file-name.js';

describe('attachmentFileName', () => {
  it('keeps an ordinary name', () => {
    expect(attachmentFileName('Lease renewal (signed).pdf', 'pdf')).toBe('Lease renewal (signed).pdf');
  });

  it('removes control and invisible characters and replaces path separators', () => {
    expect(attachmentFileName('..\\../etc/pass\u0000wd\u202e.pdf', 'pdf')).toBe('_.._etc_passwd.pdf');
    expect(attachmentFileName('inv\r\noice\t 2026.pdf', 'pdf')).toBe('invoice 2026.pdf');
  });

  it('names a nameless attachment by its sniffed type', () => {
    expect(attachmentFileName(undefined, 'pdf')).toBe('attachment.pdf');
    expect(attachmentFileName(' \u200b ', 'png')).toBe('attachment.png');
  });

  it('bounds the length and keeps the extension', () => {
    const name = attachmentFileName(`${'a'.repeat(400)}.pdf`, 'pdf');
    expect([...name]).toHaveLength(255);
    expect(name.endsWith('aaa.pdf')).toBe(true);
  });
});
