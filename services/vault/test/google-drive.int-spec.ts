import { jest } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompleteStagedUpload, GetDocument, ListStagedFiles } from '@pm/contracts';
import { VaultHarness, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(180_000);

/**
 * The Google Drive adapter speaking Drive v3's REST API (files.list with a parents query and page tokens, files.get
 * with alt=media) with its bearer token. Google cannot be reached from the test machine, so the API is served on
 * loopback by a small Drive of fixed files that checks each request the way Google would (token, query, fields);
 * the vault, PostgreSQL and MinIO are real.
 */
const TOKEN = 'ya29.test-drive-token';
const FOLDER = 'shared-folder-1';
const pdf = Buffer.from('%PDF-1.4\n% drive lease\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
interface DriveEntry {
  id: string;
  name: string;
  mimeType: string;
  parent: string;
  bytes?: Buffer;
}
const drive: DriveEntry[] = [
  { id: 'f-leases', name: 'Leases', mimeType: 'application/vnd.google-apps.folder', parent: FOLDER },
  { id: 'file-lease', name: 'Lease 4C.pdf', mimeType: 'application/pdf', parent: 'f-leases', bytes: pdf },
  { id: 'file-doc', name: 'Notes (Google Doc)', mimeType: 'application/vnd.google-apps.document', parent: FOLDER },
  // Google sends its headers and part of the file, then the connection drops.
  { id: 'file-broken', name: 'Inspection 2025.pdf', mimeType: 'application/pdf', parent: FOLDER, bytes: Buffer.concat([pdf, Buffer.alloc(200_000, 0x20)]) },
  { id: 'file-photo', name: 'roof.png', mimeType: 'image/png', parent: FOLDER, bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]) },
];
const requests: string[] = [];
let server: Server;
let harness: VaultHarness;
let world: VaultWorld;

function serveDrive(req: IncomingMessage, res: import('node:http').ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://drive');
  requests.push(`${req.method} ${url.pathname}${url.searchParams.get('pageToken') ? ' page 2' : ''}`);
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return void res.writeHead(401).end('{"error":{"code":401}}');
  if (url.pathname === '/files') {
    const parent = /^'([^']+)' in parents and trashed = false$/.exec(url.searchParams.get('q') ?? '')?.[1];
    if (!parent || !url.searchParams.get('fields')?.includes('nextPageToken')) return void res.writeHead(400).end('{"error":{"code":400}}');
    const children = drive.filter((entry) => entry.parent === parent);
    // Two pages at the top, so the adapter must follow nextPageToken.
    const page = parent === FOLDER && !url.searchParams.get('pageToken') ? children.slice(0, 1) : parent === FOLDER ? children.slice(1) : children;
    const files = page.map((entry) => ({ id: entry.id, name: entry.name, mimeType: entry.mimeType, ...(entry.bytes ? { size: String(entry.bytes.length) } : {}), createdTime: '2026-10-01T08:00:00.000Z', webViewLink: `https://drive.google.com/file/d/${entry.id}/view` }));
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ files, ...(parent === FOLDER && !url.searchParams.get('pageToken') ? { nextPageToken: 'p2' } : {}) }));
  }
  const file = drive.find((entry) => url.pathname === `/files/${entry.id}`);
  if (file?.id === 'file-broken' && url.searchParams.get('alt') === 'media') {
    res.writeHead(200, { 'content-type': file.mimeType, 'content-length': String(file.bytes!.length) });
    res.write(file.bytes!.subarray(0, 10_000));
    setTimeout(() => res.destroy(), 50);
    return;
  }
  if (file?.bytes && url.searchParams.get('alt') === 'media') {
    res.writeHead(200, { 'content-type': file.mimeType });
    return void res.end(file.bytes);
  }
  res.writeHead(404).end('{"error":{"code":404}}');
}

beforeAll(async () => {
  server = createServer(serveDrive);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  harness = await VaultHarness.start({ env: { CLOUD_DRIVE_PROVIDER: 'google_drive', GOOGLE_DRIVE_API_URL: apiUrl, GOOGLE_DRIVE_ACCESS_TOKEN: TOKEN, GOOGLE_DRIVE_FOLDER_ID: FOLDER } });
  world = await harness.world();
});
afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the Google Drive adapter', () => {
  it('lists the shared folder’s files through every page and subfolder, without Google’s own documents', async () => {
    const { staged_files } = await harness.call(ListStagedFiles, {}, world.owner);
    expect(staged_files.map((file) => [file.original_name, file.folder_structure.folder_path, file.mime_type, file.metadata.web_view_link]).sort()).toEqual([
      ['Inspection 2025.pdf', '', 'application/pdf', 'https://drive.google.com/file/d/file-broken/view'],
      ['Lease 4C.pdf', 'Leases', 'application/pdf', 'https://drive.google.com/file/d/file-lease/view'],
      ['roof.png', '', 'image/png', 'https://drive.google.com/file/d/file-photo/view'],
    ]);
    expect(requests).toEqual(expect.arrayContaining(['GET /files', 'GET /files page 2']));
  });

  it('downloads a staged file (alt=media) into the vault with its exact bytes', async () => {
    const lease = (await harness.call(ListStagedFiles, {}, world.owner)).staged_files.find((file) => file.original_name === 'Lease 4C.pdf')!;
    const { document_id } = await harness.call(CompleteStagedUpload, { stagedDocumentId: lease.id, locationId: world.locationId }, world.owner);
    const document = await harness.call(GetDocument, { id: document_id! }, world.owner);
    expect(document).toMatchObject({ original_name: 'Lease 4C.pdf', size: pdf.length, metadata: { source: 'cloud_drive', sha256: VaultHarness.sha256(pdf) } });
    expect(requests).toContain('GET /files/file-lease');
  });

  it('answers 502 when the drive breaks off a download, and the file stays staged with nothing filed', async () => {
    const broken = (await harness.call(ListStagedFiles, {}, world.owner)).staged_files.find((file) => file.original_name === 'Inspection 2025.pdf')!;
    const failure = await harness.failure(harness.call(CompleteStagedUpload, { stagedDocumentId: broken.id, locationId: world.locationId }, world.owner));
    expect(failure).toEqual({ status: 502, message: 'The cloud drive could not be read. Please try again later.' });
    expect((await harness.call(ListStagedFiles, {}, world.owner)).staged_files.map((file) => file.id)).toContain(broken.id);
    expect(await harness.row(`select 1 from ${harness.table('document')} where original_name = 'Inspection 2025.pdf'`)).toBeUndefined();
  });
});
