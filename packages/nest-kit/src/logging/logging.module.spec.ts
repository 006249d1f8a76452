import { redactUrlToken } from './logging.module.js';

describe('redactUrlToken', () => {
  it('hides a token wherever it sits in the query, and keeps everything else', () => {
    expect(redactUrlToken('/api/document/doc/7?token=eyJ.abc.def')).toBe('/api/document/doc/7?token=[redacted]');
    expect(redactUrlToken('/api/x?a=1&token=secret&b=2')).toBe('/api/x?a=1&token=[redacted]&b=2');
    expect(redactUrlToken('/api/x?TOKEN=secret#frag')).toBe('/api/x?TOKEN=[redacted]#frag');
    expect(redactUrlToken('/api/x?mytoken=keep&a=token=keep')).toBe('/api/x?mytoken=keep&a=token=keep');
  });
});
