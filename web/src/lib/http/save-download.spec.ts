import { jest } from '@jest/globals';
import { on, stubBffRoutes } from '../../../test/pm-bff.js';
import { fileNameOf, saveDownload } from './save-download.js';

let bff: ReturnType<typeof stubBffRoutes>;
const saved: { href: string; download: string }[] = [];
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = jest.fn(() => 'blob:http://localhost/1');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  bff?.restore();
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
  jest.restoreAllMocks();
});

describe('saving a download', () => {
  it('fetches with the bearer token and saves under the given name, else the one the server gives', async () => {
    bff = stubBffRoutes(
      on('GET', 'unit/:id/ledger/export', () => new Response('Date\r\n', { headers: { 'content-disposition': 'attachment; filename="ledger-1a.csv"; filename*=UTF-8\'\'ledger-1a.csv' } })),
    );
    await saveDownload('unit/u1/ledger/export', null, 'tok');
    await saveDownload('unit/u1/ledger/export', 'mine.csv', 'tok');
    expect(saved).toEqual([
      { href: 'blob:http://localhost/1', download: 'ledger-1a.csv' },
      { href: 'blob:http://localhost/1', download: 'mine.csv' },
    ]);
    expect(bff.requests[0]!.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('fails on an error answer, saving nothing', async () => {
    bff = stubBffRoutes(on('GET', 'unit/:id/ledger/export', () => new Response('{}', { status: 404 })));
    await expect(saveDownload('unit/u1/ledger/export', null, 'tok')).rejects.toThrow('HTTP 404');
    expect(saved).toEqual([]);
  });

  it('reads the plain file name of a Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="owner-statement-2026-11.pdf"')).toBe('owner-statement-2026-11.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
