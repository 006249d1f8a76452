import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { jest } from '@jest/globals';
import { BULK_EMAIL_SENT, EMAIL_SENT, NOT_A_BUILDING_TENANT } from '@pm/contracts';
import { MailSinkClient } from '@pm/mail';
import { testEnv, waitFor } from '@pm/testing';
import { Client as MinioClient } from 'minio';
import { callPlatform, signUpPropertyManager, type PlatformSession } from './support/property-manager.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(240_000);

/**
 * Bulk e-mail and Send E-mail as the browser sends them, a multipart form with files, on the whole test platform:
 * the contract router streams the files into MinIO within the binding's limits, messaging queues one e-mail per
 * recipient referencing them, and the mail sink receives each with the file. Refusals leave no file behind.
 */
let platform: TestPlatform;
let manager: PlatformSession;
let locationId: string;
let buildingId: string;
const tenants: string[] = [];
const sink = new MailSinkClient(testEnv().MAIL_UI_URL);
const stack = testEnv();
const [minioHost = '', minioPort] = stack.MINIO_ENDPOINT.split(':');
const minio = new MinioClient({ endPoint: minioHost, port: Number(minioPort), useSSL: false, accessKey: stack.MINIO_ACCESS_KEY, secretKey: stack.MINIO_SECRET_KEY });

const api = <T>(path: string, init: Parameters<typeof callPlatform>[2] = {}) => callPlatform<T>(platform.baseUrl, path, init);
const pdf = (note: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${note}\n%%EOF\n`, 'latin1');

interface FormFile {
  name: string;
  type: string;
  bytes: Buffer;
}

async function postForm<T = Record<string, unknown>>(
  path: string,
  fields: [string, string][],
  files: FormFile[] = [],
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) form.append('attachments', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  // Encoded as fetch would, then written with node:http: a refused form is answered while its body is still being
  // written and the connection closed, which fetch reports as a failed write rather than the answer.
  const encoded = new Request('http://encode.invalid/', { method: 'POST', body: form });
  const bytes = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${platform.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { authorization: manager.authorization, 'content-type': encoded.headers.get('content-type')!, 'content-length': String(bytes.length), ...headers },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : undefined) as T });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    req.end(bytes);
  });
}

async function outboundObjects(): Promise<string[]> {
  const names: string[] = [];
  for await (const item of minio.listObjectsV2(stack.MINIO_BUCKET, 'mail/outbound/', true)) names.push((item as { name: string }).name);
  return names.sort();
}

beforeAll(async () => {
  platform = await startTestPlatform();
  manager = await signUpPropertyManager(platform.baseUrl, 'Robin Bulk');
  const location = await api<{ id: string }>('property-location', {
    body: { name: 'Bulk Court', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true },
    session: manager,
  });
  locationId = location.body.id;
  expect((await api(`property-location/${locationId}/email-address`, { method: 'POST', session: manager })).status).toBe(200);
  const building = await api<{ id: string }>('building', { body: { name: 'Building A', property_location_id: locationId, address_text: '12 Elm Street' }, session: manager });
  buildingId = building.body.id;
  const unit = await api<{ id: string }>('unit', { body: { name: 'Unit 1A', building_id: buildingId }, session: manager });
  for (const name of ['Jordan Lee', 'Ana Ruiz']) {
    const email = `${name.split(' ')[0]!.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
    const created = await api('tenant', { body: { full_name: name, unit_id: unit.body.id, location_id: locationId, contacts: [{ type: 'email', value: email }] }, session: manager });
    expect(created.status).toBe(201);
    tenants.push(email);
  }
});

afterAll(async () => {
  await platform?.stop();
});

it('sends a bulk e-mail form with a PDF: each tenant of the building receives it with the file, stored once', async () => {
  const subject = `Water shut-off ${randomUUID().slice(0, 8)}`;
  const before = await outboundObjects();
  // Messaging learns the tenants from portfolio's events: until then the building is unknown to it (404).
  const answer = await waitFor(async () => {
    const sent = await postForm(`building/${buildingId}/send-bulk-email`, [['recipients', tenants[0]!], ['recipients', tenants[1]!], ['subject', subject], ['body', 'The water is off on Friday morning.']], [
      { name: 'Notice.pdf', type: 'application/pdf', bytes: pdf('notice') },
    ]);
    return sent.status === 404 ? undefined : sent;
  }, { timeout: 30_000, description: "messaging knows the building's tenants" });
  expect(answer).toEqual({ status: 200, body: { message: BULK_EMAIL_SENT, queued: 2 } });
  expect((await outboundObjects()).filter((name) => !before.includes(name))).toHaveLength(1);
  for (const to of tenants) {
    const mail = await waitFor(async () => (await sink.messagesTo(to)).find((m) => m.subject === subject), { timeout: 20_000, description: `the e-mail to ${to}` });
    expect(mail.attachments).toEqual([expect.objectContaining({ fileName: 'Notice.pdf', contentType: 'application/pdf' })]);
  }
});

it('answers a retry with the same Idempotency-Key, files uploaded again, with the first answer and sends once', async () => {
  const subject = `Repaving ${randomUUID().slice(0, 8)}`;
  const key = randomUUID();
  const send = () => postForm('conversation/send-email', [['locationId', locationId], ['recipients', tenants[0]!], ['subject', subject], ['body', 'Please move your car.']], [{ name: 'Map.pdf', type: 'application/pdf', bytes: pdf('map') }], { 'idempotency-key': key });
  const first = await send();
  expect(first).toEqual({ status: 200, body: { message: EMAIL_SENT, queued: 1 } });
  expect(await send()).toEqual(first);
  await waitFor(async () => (await sink.messagesTo(tenants[0]!)).find((m) => m.subject === subject), { timeout: 20_000, description: 'the e-mail' });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await sink.messagesTo(tenants[0]!)).filter((m) => m.subject === subject)).toHaveLength(1);
});

it('refuses bad forms with a clear 4xx and keeps none of their files', async () => {
  const before = await outboundObjects();
  const fields: [string, string][] = [['recipients', tenants[0]!], ['subject', 'Notice'], ['body', 'Hello.']];
  const path = `building/${buildingId}/send-bulk-email`;
  const valid = { name: 'a.pdf', type: 'application/pdf', bytes: pdf('a') };

  expect(await postForm(path, fields, Array.from({ length: 6 }, () => valid))).toEqual({ status: 400, body: expect.objectContaining({ message: 'Send at most 5 files.' }) });
  const big = { name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([pdf('big'), randomBytes(5 * 1024 * 1024)]) };
  expect(await postForm(path, fields, [valid, big])).toEqual({ status: 413, body: expect.objectContaining({ message: 'The file is larger than the limit of 5 MB.' }) });
  const text = { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('just text') };
  expect((await postForm(path, fields, [valid, text])).status).toBe(415);
  expect(await postForm(path, [...fields, ['attachments', 'mail/outbound/01937b30-0a1b-7c2d-8e3f-4a5b6c7d8ec0']])).toEqual({ status: 400, body: expect.objectContaining({ message: 'The field "attachments" must carry files.' }) });
  expect(await postForm(path, [...fields, ['subject', 'Twice']])).toEqual({ status: 400, body: expect.objectContaining({ message: 'The field "subject" was sent more than once.' }) });
  // A field the form does not take (a misspelt one, an empty name) is named, never dropped in silence.
  expect(await postForm(path, [...fields, ['subjet', 'Typo']])).toEqual({ status: 400, body: expect.objectContaining({ message: 'The form has no field "subjet".' }) });
  // The service's refusals too: a stranger's address, a missing subject (the spec's words).
  expect(await postForm(path, [['recipients', 'stranger@example.com'], ['subject', 'Notice'], ['body', 'Hello.']], [valid])).toEqual({ status: 400, body: expect.objectContaining({ message: NOT_A_BUILDING_TENANT }) });
  expect(await postForm(path, [['recipients', tenants[0]!], ['body', 'Hello.']], [valid])).toEqual({ status: 400, body: expect.objectContaining({ message: 'Subject is required' }) });
  expect(await postForm(path, [['subject', 'Notice'], ['body', 'Hello.']])).toEqual({ status: 400, body: expect.objectContaining({ message: 'Recipients are required' }) });
  expect((await api(path, { body: { recipients: [tenants[0]], subject: 'Notice', body: 'Hello.' }, session: manager })).status).toBe(415);
  expect((await fetch(`${platform.baseUrl}/api/${path}`, { method: 'POST', body: new FormData() })).status).toBe(401);

  // Removal runs after the answer: give it a moment.
  await waitFor(async () => ((await outboundObjects()).length === before.length ? true : undefined), { timeout: 10_000, description: 'no file kept' });
});
