import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { type DocumentView } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { expiredIssueTime, reissuedLink } from './support/download-links.js';
import { callPlatform, createLocationForVault, type PlatformSession, signIn, signOut, signUpPropertyManager } from './support/property-manager.js';
import { uploadDocument } from './support/document-uploads.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(240_000);

/**
 * `GET document/doc/{id}` through the real BFF, vault and MinIO: a link's token works for its document only (a user's
 * access token in the query does not), a header works without one, another account gets 404; PDFs and images are
 * shown inline and everything else saved, always sandboxed and never sniffed; a link ends when it expires or its
 * session signs out.
 */
let platform: TestPlatform;
let manager: PlatformSession;
let stranger: PlatformSession;
let locationId: string;
let pdfBytes: Buffer;
let pdfDocument: DocumentView;
let xmlDocument: DocumentView;

const upload = (bytes: Buffer, fileName: string): Promise<DocumentView> => uploadDocument(platform.baseUrl, manager, { bytes, fileName, locationIds: [locationId] });

async function tokenFor(id: string, session = manager): Promise<{ status: number; body: { token: string; expires_at: string; url: string } }> {
  return callPlatform(platform.baseUrl, `document/${id}/download-token`, { method: 'POST', session });
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${platform.baseUrl}/api/${path}`, { headers, redirect: 'manual' });

beforeAll(async () => {
  platform = await startTestPlatform();
  [manager, stranger] = [await signUpPropertyManager(platform.baseUrl, 'Robin Download'), await signUpPropertyManager(platform.baseUrl, 'Sam Stranger')];
  locationId = await createLocationForVault(platform.baseUrl, manager, 'Download Court');
  pdfBytes = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${randomBytes(16).toString('hex')}\n%%EOF\n`, 'latin1');
  pdfDocument = await upload(pdfBytes, 'Lease 2B.pdf');
  xmlDocument = await upload(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<lease id="${randomBytes(6).toString('hex')}"><script>alert(1)</script></lease>\n`), 'lease.xml');
});

afterAll(async () => {
  await platform?.stop();
});

it('serves a PDF inline through a download token of that document, sandboxed and never sniffed', async () => {
  const issued = await tokenFor(pdfDocument.id);
  expect(issued.status).toBe(200);
  expect(issued.body.url).toBe(`document/doc/${pdfDocument.id}?token=${issued.body.token}`);
  const expiresIn = Date.parse(issued.body.expires_at) - Date.now();
  expect(expiresIn).toBeGreaterThan(4 * 60_000);
  expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
  const response = await get(issued.body.url);
  expect(response.status).toBe(200);
  expect(Buffer.from(await response.arrayBuffer()).equals(pdfBytes)).toBe(true);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="Lease 2B.pdf"/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toBe('sandbox');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  // A PDF is its own preview.
  expect((await get(`${issued.body.url}&variant=preview`)).status).toBe(200);
});

it('saves anything but PDFs and images as an attachment, and has no preview of it before conversion', async () => {
  const issued = await tokenFor(xmlDocument.id);
  const response = await get(issued.body.url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="lease.xml"/);
  expect(response.headers.get('content-security-policy')).toBe('sandbox');
  const preview = await get(`${issued.body.url}&variant=preview`);
  expect(preview.status).toBe(404);
  expect(((await preview.json()) as { message: string }).message).toBe('No preview of this document is available yet.');
});

it('refuses a token of another document, a tampered token, and a user access token in the query', async () => {
  const forPdf = (await tokenFor(pdfDocument.id)).body.token;
  const refusals = [
    await get(`document/doc/${xmlDocument.id}?token=${forPdf}`),
    await get(`document/doc/${pdfDocument.id}?token=${forPdf.slice(0, -2)}xx`),
    await get(`document/doc/${pdfDocument.id}?token=${encodeURIComponent(manager.authorization.slice('Bearer '.length))}`),
  ];
  for (const response of refusals) {
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('This download link is invalid or has expired. Open the document again from the vault.');
  }
  expect((await get(`document/doc/${pdfDocument.id}`)).status).toBe(401);
});

it('serves the file to its reader by header, and answers 404 to another account (no token for them either)', async () => {
  const byHeader = await get(`document/doc/${pdfDocument.id}`, { authorization: manager.authorization });
  expect(byHeader.status).toBe(200);
  expect(Buffer.from(await byHeader.arrayBuffer()).equals(pdfBytes)).toBe(true);
  expect((await get(`document/doc/${pdfDocument.id}`, { authorization: stranger.authorization })).status).toBe(404);
  const theirs = await tokenFor(pdfDocument.id, stranger);
  expect(theirs.status).toBe(404);
  expect((await tokenFor('not-a-document')).status).toBe(404);
  expect((await callPlatform(platform.baseUrl, `document/${pdfDocument.id}/download-token`, { method: 'POST' })).status).toBe(401);
});

it('stops opening once expired, and after the session it was issued in signs out', async () => {
  const { token } = (await tokenFor(pdfDocument.id)).body;
  expect((await get(`document/doc/${pdfDocument.id}?token=${reissuedLink(platform, manager, token, Date.now())}`)).status).toBe(200);
  expect((await get(`document/doc/${pdfDocument.id}?token=${reissuedLink(platform, manager, token, expiredIssueTime())}`)).status).toBe(401);

  const device = await signIn(platform.baseUrl, manager.email!);
  const link = (await tokenFor(pdfDocument.id, device)).body.url;
  expect((await get(link)).status).toBe(200);
  await signOut(platform.baseUrl, device);
  await waitFor(async () => ((await get(link)).status === 401 ? true : undefined), { timeout: 10_000, description: 'the link refused after sign-out' });
  expect((await get(`document/doc/${pdfDocument.id}?token=${(await tokenFor(pdfDocument.id)).body.token}`)).status).toBe(200);
});
