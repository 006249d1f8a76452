import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { jest } from '@jest/globals';
import type { DocumentView, UploadStreamEvent } from '@pm/contracts';
import { testEnv, waitFor } from '@pm/testing';
import { Client as MinioClient } from 'minio';
import pg from 'pg';
import { createLocationForVault, type PlatformSession, signUpPropertyManager } from './support/property-manager.js';
import { uploadStreamEvents } from './support/document-uploads.js';
import { PrivateMinio } from './support/private-minio.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(240_000);

/**
 * `POST document/v2/upload-stream` through the real BFF, vault, MinIO and PostgreSQL: a stored upload answers the
 * event stream and is filed; every refusal of the body (too large, wrong type, bad fields, no token, someone else's
 * location, a body cut off) is an HTTP status and leaves no object under `vault/documents/` and no document row.
 */
let platform: TestPlatform;
let manager: PlatformSession;
let stranger: PlatformSession;
let locationId: string;
let db: pg.Client;

const stack = testEnv();
const [minioHost = '', minioPort] = stack.MINIO_ENDPOINT.split(':');
const minio = new MinioClient({ endPoint: minioHost, port: Number(minioPort), useSSL: false, accessKey: stack.MINIO_ACCESS_KEY, secretKey: stack.MINIO_SECRET_KEY });

beforeAll(async () => {
  platform = await startTestPlatform();
  db = new pg.Client({ connectionString: stack.DATABASE_URL });
  await db.connect();
  [manager, stranger] = [await signUpPropertyManager(platform.baseUrl, 'Robin Upload'), await signUpPropertyManager(platform.baseUrl, 'Sam Stranger')];
  locationId = await createLocationForVault(platform.baseUrl, manager, 'Upload Court');
});

afterAll(async () => {
  await db?.end();
  await platform?.stop();
});

/** A small but real PDF, different each time (so de-duplication does not hide a second copy). */
function pdf(): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${randomBytes(16).toString('hex')}\n%%EOF\n`, 'latin1');
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function vaultObjects(): Promise<Set<string>> {
  const names = new Set<string>();
  for await (const item of minio.listObjectsV2(stack.MINIO_BUCKET, 'vault/documents/', true)) names.add((item as { name: string }).name);
  return names;
}

async function rowsWith(hash: string): Promise<number> {
  const result = await db.query(`select count(*)::int as n from "${platform.schemas['vault']}"."document" where "sha256" = $1`, [hash]);
  return (result.rows[0] as { n: number }).n;
}

interface UploadAnswer {
  status: number;
  contentType: string;
  /** The stream's events (200), in order; `[DONE]` as the string. */
  events: (UploadStreamEvent | '[DONE]')[];
  /** The error body (not 200). */
  error?: { message: string; statusCode: number };
}

interface UploadCallOptions {
  session?: PlatformSession | null;
  idempotencyKey?: string;
  baseUrl?: string;
  /** `file_size` sent just before the file, as the web app sends it (a string: a malformed one is tested too). */
  declaredSize?: string;
}

async function upload(bytes: Buffer, fileName: string, fields: Record<string, string>, options: UploadCallOptions = {}): Promise<UploadAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (options.declaredSize !== undefined) form.append('file_size', options.declaredSize);
  form.append('file', new Blob([bytes]), fileName);
  const session = options.session === undefined ? manager : options.session;
  const response = await fetch(`${options.baseUrl ?? platform.baseUrl}/api/document/v2/upload-stream`, {
    method: 'POST',
    body: form,
    headers: { ...(session ? { authorization: session.authorization } : {}), ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}) },
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  if (response.status !== 200) return { status: response.status, contentType, events: [], error: JSON.parse(text) as UploadAnswer['error'] };
  const events = uploadStreamEvents(text);
  return { status: response.status, contentType, events };
}

function filed(answer: UploadAnswer): { document: DocumentView; duplicate: boolean }[] {
  const completed = answer.events.find((event): event is Extract<UploadStreamEvent, { status: 'completed' }> => event !== '[DONE]' && event.status === 'completed');
  if (!completed) throw new Error(`no completed event in ${JSON.stringify(answer.events)}`);
  return completed.documents;
}

it('stores the file, files it into the location and answers the event stream: padding, starting, validating, processing, completed, [DONE]', async () => {
  const bytes = pdf();
  const before = await vaultObjects();
  const answer = await upload(bytes, 'Lease - 12 Elm Street.pdf', { location_ids: JSON.stringify([locationId]), data_type: 'document', category_id: '2' });
  expect(answer.status).toBe(200);
  expect(answer.contentType).toMatch(/^text\/event-stream/);
  expect(answer.events.map((event) => (event === '[DONE]' ? event : event.status))).toEqual(['padding', 'starting', 'validating', 'processing', 'completed', '[DONE]']);
  const padding = answer.events[0] as Extract<UploadStreamEvent, { status: 'padding' }>;
  expect(padding.padding.length).toBeGreaterThanOrEqual(2048);
  const [only, ...more] = filed(answer);
  expect(more).toEqual([]);
  expect(only!.duplicate).toBe(false);
  expect(only!.document).toMatchObject({ original_name: 'Lease - 12 Elm Street.pdf', mime_type: 'application/pdf', size: bytes.length, property_location_id: locationId, category_id: 2 });
  expect(only!.document.metadata.sha256).toBe(sha256(bytes));
  expect(await rowsWith(sha256(bytes))).toBe(1);
  const added = [...(await vaultObjects())].filter((name) => !before.has(name));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatch(/^vault\/documents\/[0-9a-f-]{36}$/);
});

it('keeps one object and one document when the same file is uploaded twice', async () => {
  const bytes = pdf();
  const fields = { location_ids: JSON.stringify([locationId]) };
  const before = await vaultObjects();
  const first = filed(await upload(bytes, 'Inspection.pdf', fields))[0]!;
  const second = filed(await upload(bytes, 'Inspection (copy).pdf', fields))[0]!;
  expect(second).toMatchObject({ duplicate: true, document: { id: first.document.id } });
  expect(await rowsWith(sha256(bytes))).toBe(1);
  expect([...(await vaultObjects())].filter((name) => !before.has(name))).toHaveLength(1);
});

it('answers a retried upload with the same Idempotency-Key with the first answer, and refuses the key for another file', async () => {
  const bytes = pdf();
  const key = `upload-${randomBytes(8).toString('hex')}`;
  const fields = { location_ids: JSON.stringify([locationId]) };
  const first = filed(await upload(bytes, 'Notice.pdf', fields, { idempotencyKey: key }))[0]!;
  const before = await vaultObjects();
  const retry = filed(await upload(bytes, 'Notice.pdf', fields, { idempotencyKey: key }))[0]!;
  // The first answer itself (without the key the vault would answer the second copy as a duplicate).
  expect(retry).toEqual(first);
  expect(await rowsWith(sha256(bytes))).toBe(1);

  const other = await upload(pdf(), 'Other.pdf', fields, { idempotencyKey: key });
  expect(other.status).toBe(422);
  expect(other.error?.message).toBe('This Idempotency-Key was already used for a different request.');
  // Neither the retry's copy nor the refused file stays in storage.
  await waitFor(async () => [...(await vaultObjects())].filter((name) => !before.has(name)).length === 0, { timeout: 10_000, description: 'the retry copies removed' });

  const malformed = await upload(pdf(), 'Bad key.pdf', fields, { idempotencyKey: 'x'.repeat(500) });
  expect(malformed.status).toBe(400);
});

// A raw C0 control character in a part header is refused by the multipart reader as malformed (400); the bidi override,
// tab and C1 controls below are cleaned from the name (by the BFF before the contract checks it, and by the vault).
it('files into Pending Location Assignment without locations, and sanitises a hostile file name', async () => {
  const bytes = pdf();
  const answer = await upload(bytes, '../../etc/pass\u202ewd\t\u0085.pdf', {});
  expect({ status: answer.status, error: answer.error }).toEqual({ status: 200, error: undefined });
  const document = filed(answer)[0]!.document;
  expect(document.property_location_id).toBeNull();
  expect([...document.original_name].filter((char) => char === '/' || char === '\\' || char.codePointAt(0)! < 0x20 || (char >= '\u007f' && char <= '\u009f') || char === '\u202e')).toEqual([]);
  expect(document.original_name).not.toContain('..');
  expect(document.original_name).toMatch(/\.pdf$/);
  const row = await db.query(`select "storage_key" from "${platform.schemas['vault']}"."document" where "id" = $1`, [document.id]);
  expect((row.rows[0] as { storage_key: string }).storage_key).toMatch(/^vault\/documents\/[0-9a-f-]{36}$/);
});

describe('a declared size (file_size before the file, as the web app sends it)', () => {
  it('streams the file into storage as it arrives and files it as without one', async () => {
    const bytes = Buffer.concat([pdf(), randomBytes(7 * 1024 * 1024)]);
    const before = await vaultObjects();
    const answer = await upload(bytes, 'Declared.pdf', { location_ids: JSON.stringify([locationId]) }, { declaredSize: String(bytes.length) });
    const [only] = filed(answer);
    expect(only!.document).toMatchObject({ original_name: 'Declared.pdf', size: bytes.length, mime_type: 'application/pdf' });
    expect(only!.document.metadata.sha256).toBe(sha256(bytes));
    const added = [...(await vaultObjects())].filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    // One PUT, not a multipart upload (whose ETag ends in "-<parts>"); the bytes are the file's.
    expect((await minio.statObject(stack.MINIO_BUCKET, added[0]!)).etag).toMatch(/^[0-9a-f]{32}$/);
    const back: Buffer[] = [];
    for await (const chunk of await minio.getObject(stack.MINIO_BUCKET, added[0]!)) back.push(chunk as Buffer);
    expect(sha256(Buffer.concat(back))).toBe(sha256(bytes));
  });

  it('refuses a file that is not the size declared, a malformed size and one over the limit, keeping nothing', async () => {
    const bytes = Buffer.concat([pdf(), randomBytes(64 * 1024)]);
    const before = await vaultObjects();
    const notAsDeclared = 'The file is not the size declared for it; nothing was stored. Please send it again.';
    expect(await upload(bytes, 'a.pdf', {}, { declaredSize: String(bytes.length - 10) })).toMatchObject({ status: 400, error: { message: notAsDeclared } });
    expect(await upload(bytes, 'a.pdf', {}, { declaredSize: String(bytes.length + 10) })).toMatchObject({ status: 400, error: { message: notAsDeclared } });
    expect(await upload(bytes, 'a.pdf', {}, { declaredSize: '12kb' })).toMatchObject({ status: 400, error: { message: 'The field "file_size" must be the file\'s size in bytes.' } });
    expect(await upload(bytes, 'a.pdf', {}, { declaredSize: String(3 * 1024 ** 3) })).toMatchObject({ status: 413, error: { message: 'The file is larger than the limit of 2 GB.' } });
    await waitFor(async () => [...(await vaultObjects())].filter((name) => !before.has(name)).length === 0, { timeout: 10_000, description: 'no object left' });
    expect(await rowsWith(sha256(bytes))).toBe(0);
  });
});

describe('refusals leave nothing behind', () => {
  async function refused(bytes: Buffer, send: () => Promise<UploadAnswer>): Promise<UploadAnswer> {
    const before = await vaultObjects();
    const answer = await send();
    // Give a removal the BFF started a moment, then nothing of the upload may remain.
    await waitFor(async () => [...(await vaultObjects())].filter((name) => !before.has(name)).length === 0, { timeout: 10_000, description: 'no object left' });
    expect(await rowsWith(sha256(bytes))).toBe(0);
    return answer;
  }

  it('answers 415 for an executable named .pdf', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), randomBytes(4096)]);
    const answer = await refused(elf, () => upload(elf, 'lease.pdf', { location_ids: JSON.stringify([locationId]) }));
    expect(answer.status).toBe(415);
    expect(answer.error?.message).toMatch(/not accepted here|not recognised/);
    const pe = Buffer.concat([Buffer.from('MZ', 'latin1'), randomBytes(4096)]);
    expect((await refused(pe, () => upload(pe, 'invoice.pdf', {}))).status).toBe(415);
  });

  it('answers 400 for malformed fields, 401 without a token, and the vault refusal for another account\'s location', async () => {
    const bytes = pdf();
    const badJson = await refused(bytes, () => upload(bytes, 'a.pdf', { location_ids: `[${locationId}` }));
    expect(badJson.status).toBe(400);
    expect(badJson.error?.message).toBe('The field "location_ids" must be a list of property location ids in JSON.');
    const badType = await refused(bytes, () => upload(bytes, 'a.pdf', { data_type: 'spreadsheet' }));
    expect(badType.status).toBe(400);
    const badCategory = await refused(bytes, () => upload(bytes, 'a.pdf', { category_id: '999' }));
    expect(badCategory).toMatchObject({ status: 400, error: { message: 'Category must be one of the document categories' } });
    expect((await refused(bytes, () => upload(bytes, 'a.pdf', {}, { session: null }))).status).toBe(401);
    const controlName = await refused(bytes, () => upload(bytes, 'lease\u0007\u001b.pdf', {}));
    expect(controlName).toMatchObject({ status: 400, error: { message: 'The upload could not be read (malformed multipart body).' } });
    const foreign = await refused(bytes, () => upload(bytes, 'a.pdf', { location_ids: JSON.stringify([locationId]) }, { session: stranger }));
    expect([403, 404]).toContain(foreign.status);
    expect(foreign.error?.message).toMatch(/not found|permission/i);
  });

  it('answers 413 at once when Content-Length is over the limit, before any of the body is sent', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${platform.baseUrl}/api/document/v2/upload-stream`, {
        method: 'POST',
        headers: { authorization: manager.authorization, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(3 * 1024 ** 3) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it('keeps nothing of a body cut off mid-stream', async () => {
    const head = Buffer.concat([pdf(), randomBytes(6 * 1024 * 1024)]);
    const boundary = `b${randomBytes(8).toString('hex')}`;
    const preamble = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n`);
    const before = await vaultObjects();
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${platform.baseUrl}/api/document/v2/upload-stream`, {
        method: 'POST',
        headers: { authorization: manager.authorization, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(preamble.length + head.length * 2 + 100) },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(preamble);
      req.write(head, () => setTimeout(() => req.destroy(), 500));
    });
    await new Promise((done) => setTimeout(done, 2_000));
    expect([...(await vaultObjects())].filter((name) => !before.has(name))).toEqual([]);
    expect(await rowsWith(sha256(head))).toBe(0);
  });
});

describe('a storage outage', () => {
  let minio: PrivateMinio;
  let bff: { baseUrl: string; close(): Promise<void> };
  const storageDown = 'The document storage is not available right now, so the file was not saved. Please try again in a few minutes.';

  beforeAll(async () => {
    minio = await PrivateMinio.start();
    bff = await platform.startBff({ MINIO_ENDPOINT: minio.endpoint, MINIO_ACCESS_KEY: minio.accessKey, MINIO_SECRET_KEY: minio.secretKey, MINIO_BUCKET: minio.bucket });
  });

  afterAll(async () => {
    await bff?.close();
    await minio?.stop();
  });

  it('answers 503 with a clear message when MinIO stops during an upload, and keeps no document', async () => {
    // The BFF stores through its own MinIO while it runs.
    const before = filed(await upload(pdf(), 'Works.pdf', {}, { baseUrl: bff.baseUrl }))[0]!;
    expect(before.duplicate).toBe(false);

    const file = Buffer.concat([pdf(), randomBytes(12 * 1024 * 1024)]);
    const boundary = `b${randomBytes(8).toString('hex')}`;
    const preamble = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="outage.pdf"\r\ncontent-type: application/pdf\r\n\r\n`);
    const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
    const answer = await new Promise<{ status: number; body: { message: string } }>((resolve, reject) => {
      const req = httpRequest(`${bff.baseUrl}/api/document/v2/upload-stream`, {
        method: 'POST',
        headers: { authorization: manager.authorization, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(preamble.length + file.length + closing.length) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { message: string } }));
      });
      req.on('error', reject);
      const half = 6 * 1024 * 1024;
      req.write(preamble);
      req.write(file.subarray(0, half), () => {
        // MinIO goes away while the file is arriving; the rest still reaches the BFF.
        void minio.kill().then(() => {
          req.write(file.subarray(half));
          req.end(closing);
        });
      });
    });
    expect(answer).toEqual({ status: 503, body: expect.objectContaining({ statusCode: 503, message: storageDown }) });
    expect(await rowsWith(sha256(file))).toBe(0);

    // And while it stays down, at once.
    const bytes = pdf();
    expect(await upload(bytes, 'Later.pdf', { location_ids: JSON.stringify([locationId]) }, { baseUrl: bff.baseUrl })).toMatchObject({ status: 503, error: { message: storageDown } });
    expect(await rowsWith(sha256(bytes))).toBe(0);
    // The same with the size declared (the web app's upload: one PUT written as the bytes arrive).
    const declared = pdf();
    expect(await upload(declared, 'Later.pdf', {}, { baseUrl: bff.baseUrl, declaredSize: String(declared.length) })).toMatchObject({ status: 503, error: { message: storageDown } });
    expect(await rowsWith(sha256(declared))).toBe(0);
  });
});
