import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { EmailAttachmentReceived, GetMessageAttachment, ListInboxItems, ListSessionMessages, MessageReceived } from '@pm/contracts';
import { testEnv } from '@pm/testing';
import { Client as MinioClient } from 'minio';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(180_000);

/**
 * E-mail attachments and the providers' inbound-parse webhook, on real PostgreSQL, NATS and MinIO: a PDF sent by SMTP
 * is kept in MinIO byte for byte (type sniffed, name sanitised), listed on the thread message and the inbox item,
 * found for download with its type, and announced once to the vault; another account gets 404. The webhook
 * (`POST /email/inbound`, raw MIME signed in the Standard Webhooks scheme) refuses a missing, bad or stale signature
 * and an oversized body with nothing kept, and stores a signed delivery exactly as SMTP does, one message per Message-ID.
 */
const MAX_BYTES = 256 * 1024;
/** Standard Webhooks' form: `whsec_` and the base64 of the key's bytes. */
const KEY = randomBytes(32);
const SECRET = `whsec_${KEY.toString('base64')}`;
/** The provider's authserv-id: its Authentication-Results header on top of a delivery vouches for the sender. */
const PROVIDER = 'mx.provider.example';

let harness: MessagingHarness;
let world: MessagingWorld;
let stranger: MessagingWorld;
let minio: MinioClient;
const stack = testEnv();

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: MAX_BYTES, maxRecipients: 5 }, env: { EMAIL_INBOUND_WEBHOOK_SECRET: SECRET, EMAIL_INBOUND_PROVIDER_AUTHSERV_ID: PROVIDER } });
  world = await harness.world();
  stranger = await harness.world();
  const [host, port] = stack.MINIO_ENDPOINT.split(':');
  minio = new MinioClient({ endPoint: host!, port: Number(port), useSSL: false, accessKey: stack.MINIO_ACCESS_KEY, secretKey: stack.MINIO_SECRET_KEY });
});

afterAll(async () => {
  await harness?.close();
});

/** A small but real PDF, different each time (so its hash names it). */
function pdf(): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${randomBytes(24).toString('hex')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * An e-mail as a mail client writes it: a PDF attached under a hostile name and a lying Content-Type, a logo shown
 * inline by `cid:` (part of the body, not kept), and a text file (a type the platform does not keep).
 */
async function composeMail(messageId: string, document: Buffer, options: { from?: string; subject?: string } = {}): Promise<Buffer> {
  const composer = new MailComposer({
    from: options.from ?? `Maria Lopez <${world.tenant.email}>`,
    to: world.email,
    subject: options.subject ?? 'Signed lease renewal',
    messageId: `<${messageId}>`,
    text: 'Please find the signed renewal attached.',
    html: '<p>Please find the signed renewal attached.</p><img src="cid:logo@example.com">',
    attachments: [
      { filename: '../Lease\u202e renewal\u0007 (signed).pdf', content: document, contentType: 'application/octet-stream' },
      { filename: 'logo.png', content: PNG, cid: 'logo@example.com' },
      { filename: 'notes.txt', content: 'Some notes' },
    ],
  });
  return new Promise((resolve, reject) => composer.compile().build((error, message) => (error ? reject(error) : resolve(message))));
}

async function smtp(raw: Buffer, from = world.tenant.email): Promise<string> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: harness.smtpPort!, secure: false, ignoreTLS: true });
  try {
    return (await transport.sendMail({ envelope: { from, to: [world.email] }, raw })).response;
  } finally {
    transport.close();
  }
}

/** Standard Webhooks' signature, written out here rather than borrowed from the code under test. */
function sign(id: string, timestamp: number, body: Buffer, key: Uint8Array = KEY): string {
  return `v1,${createHmac('sha256', key).update(Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body])).digest('base64')}`;
}

async function post(body: Buffer, headers: Record<string, string>): Promise<Response> {
  return fetch(`${harness.service.baseUrl}/email/inbound`, { method: 'POST', headers: { 'content-type': 'message/rfc822', ...headers }, body });
}

function signedHeaders(body: Buffer, overrides: { timestamp?: number; key?: Uint8Array } = {}): Record<string, string> {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  const timestamp = overrides.timestamp ?? Math.floor(Date.now() / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': sign(id, timestamp, body, overrides.key) };
}

async function objects(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of minio.listObjectsV2(stack.MINIO_BUCKET, prefix, true)) if (item.name) keys.push(item.name);
  return keys.sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await minio.getObject(stack.MINIO_BUCKET, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const stored = () => Promise.all([objects('mail/inbound/'), objects('mail/inbound-attachments/')]);
const count = async (sql: string, params: unknown[]) => Number((await harness.row<{ n: string }>(sql, params))!.n);
const messagesWith = (externalId: string) => count(`select count(*) as n from ${harness.table('message')} where external_id = $1`, [externalId]);
const attachmentEvents = (messageId: string) =>
  count(`select count(*) as n from "${harness.service.schema}"."outbox" where subject = $1 and envelope->'data'->>'messageId' = $2`, [EmailAttachmentReceived.subject, messageId]);

describe('e-mail attachments', () => {
  it('keeps a PDF sent by SMTP byte for byte, lists it on the message and the inbox item, and announces it once', async () => {
    const id = `${randomBytes(8).toString('hex')}@mail.example.com`;
    const document = pdf();
    const raw = await composeMail(id, document);
    expect(await smtp(raw)).toMatch(/^250/);

    const message = await harness.row<{ id: string; session_id: string }>(`select id, session_id from ${harness.table('message')} where external_id = $1`, [id]);
    const rows = (await harness.db.query(`select * from ${harness.table('message_attachment')} where message_id = $1`, [message!.id])).rows;
    // The inline logo and the text file are not kept: one attachment, the PDF.
    expect(rows).toHaveLength(1);
    const [row] = rows as { id: string; file_name: string; content_type: string; size: string; sha256: string; storage_key: string }[];
    expect(row).toMatchObject({ file_name: '_Lease renewal (signed).pdf', content_type: 'application/pdf', size: String(document.length) });
    expect(row!.sha256).toBe(createHash('sha256').update(document).digest('hex'));
    expect(row!.storage_key).toMatch(/^mail\/inbound-attachments\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    expect((await objectBytes(row!.storage_key)).equals(document)).toBe(true);
    expect((await minio.statObject(stack.MINIO_BUCKET, row!.storage_key)).metaData['content-type']).toBe('application/pdf');

    const listed = { id: row!.id, file_name: '_Lease renewal (signed).pdf', content_type: 'application/pdf', size: document.length };
    const thread = await harness.call(ListSessionMessages, { id: message!.session_id }, world.owner);
    expect(thread.items.find((m) => m.id === message!.id)!.attachments).toEqual([listed]);
    const inbox = await harness.call(ListInboxItems, { location_id: world.locationId, channel: 'email' }, world.owner);
    expect(inbox.items.find((item) => item.id === message!.id)!.attachments).toEqual([listed]);

    const download = await harness.call(GetMessageAttachment, { id: message!.id, attachment_id: row!.id }, world.owner);
    expect(download).toEqual({ ...listed, sha256: row!.sha256, storage_key: row!.storage_key });

    const [event] = (
      await harness.db.query<{ envelope: { data: Record<string, unknown> } }>(
        `select envelope from "${harness.service.schema}"."outbox" where subject = $1 and envelope->'data'->>'messageId' = $2`,
        [EmailAttachmentReceived.subject, message!.id],
      )
    ).rows;
    expect(await attachmentEvents(message!.id)).toBe(1);
    expect(EmailAttachmentReceived.data.parse(event!.envelope.data)).toEqual({
      locationId: world.locationId,
      accountId: world.owner.userId,
      ownerUserId: world.owner.userId,
      messageId: message!.id,
      attachmentId: row!.id,
      buildingId: world.tenant.buildingId,
      unitId: world.tenant.unitId,
      tenantId: world.tenant.id,
      fileName: '_Lease renewal (signed).pdf',
      contentType: 'application/pdf',
      size: document.length,
      sha256: row!.sha256,
      storageKey: row!.storage_key,
      receivedAt: expect.any(String),
    });

    // The same message again: nothing more, and none of its second copies kept.
    const before = await stored();
    expect(await smtp(raw)).toMatch(/^250/);
    expect(await messagesWith(id)).toBe(1);
    expect(await count(`select count(*) as n from ${harness.table('message_attachment')} where message_id = $1`, [message!.id])).toBe(1);
    expect(await attachmentEvents(message!.id)).toBe(1);
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for an attachment of another account, of another message or unknown', async () => {
    const id = `${randomBytes(8).toString('hex')}@mail.example.com`;
    expect(await smtp(await composeMail(id, pdf()))).toMatch(/^250/);
    const message = await harness.row<{ id: string }>(`select id from ${harness.table('message')} where external_id = $1`, [id]);
    const attachment = await harness.row<{ id: string }>(`select id from ${harness.table('message_attachment')} where message_id = $1`, [message!.id]);
    const other = `${randomBytes(8).toString('hex')}@mail.example.com`;
    expect(await smtp(await composeMail(other, pdf(), { subject: 'Another' }))).toMatch(/^250/);
    const otherMessage = await harness.row<{ id: string }>(`select id from ${harness.table('message')} where external_id = $1`, [other]);

    const failure = async (promise: Promise<unknown>) => promise.then(() => 'ok', (error: { status?: number; message?: string }) => `${error.status} ${error.message}`);
    expect(await failure(harness.call(GetMessageAttachment, { id: message!.id, attachment_id: attachment!.id }, stranger.owner))).toBe('404 Message not found');
    expect(await failure(harness.call(GetMessageAttachment, { id: otherMessage!.id, attachment_id: attachment!.id }, world.owner))).toBe('404 Attachment not found');
    expect(await failure(harness.call(GetMessageAttachment, { id: message!.id, attachment_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1' }, world.owner))).toBe('404 Attachment not found');
    expect(await failure(harness.call(GetMessageAttachment, { id: message!.id, attachment_id: attachment!.id }, world.owner))).toBe('ok');
  });
});

describe('the inbound-parse webhook', () => {
  it('refuses a missing, bad or stale signature, and a body over the limit, with nothing stored', async () => {
    const id = `${randomBytes(8).toString('hex')}@mail.example.com`;
    const raw = await composeMail(id, pdf());
    const before = await stored();
    const good = signedHeaders(raw);
    const attempts: [string, Record<string, string>][] = [
      ['no headers', {}],
      ['no signature', { 'webhook-id': good['webhook-id']!, 'webhook-timestamp': good['webhook-timestamp']! }],
      ['another key', signedHeaders(raw, { key: randomBytes(32) })],
      ['a tampered signature', { ...good, 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}` }],
      ['an unversioned signature', { ...good, 'webhook-signature': good['webhook-signature']!.slice(3) }],
      ['ten minutes old', signedHeaders(raw, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
      ['another id than signed', { ...good, 'webhook-id': 'msg_other' }],
    ];
    for (const [what, headers] of attempts) {
      const res = await post(raw, headers);
      expect([what, res.status]).toEqual([what, 403]);
    }
    // The body changed after signing.
    const tampered = Buffer.concat([raw, Buffer.from('\r\nP.S. tampered\r\n')]);
    expect((await post(tampered, good)).status).toBe(403);
    // Over the limit: declared, and streamed without a length.
    const big = Buffer.concat([raw, Buffer.alloc(MAX_BYTES, 'x')]);
    expect((await post(big, signedHeaders(big))).status).toBe(413);
    const streamed = await fetch(`${harness.service.baseUrl}/email/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', ...signedHeaders(big) },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await post(raw, { ...signedHeaders(raw), 'content-type': 'text/plain' })).status).toBe(415);

    expect(await messagesWith(id)).toBe(0);
    expect(await stored()).toEqual(before);
  });

  it('stores a signed delivery as SMTP does, and the same Message-ID by SMTP and the webhook is one message', async () => {
    const id = `${randomBytes(8).toString('hex')}@mail.example.com`;
    const document = pdf();
    // The provider checked the sender and says so on top of the message.
    const raw = Buffer.concat([Buffer.from(`Authentication-Results: ${PROVIDER}; spf=pass smtp.mailfrom=example.com; dmarc=pass header.from=example.com\r\n`), await composeMail(id, document)]);
    const res = await post(raw, signedHeaders(raw));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'stored' });

    const message = await harness.row<{ id: string; provider: string; raw_key: string; tenant_id: string; subject: string }>(
      `select id, provider, raw_key, tenant_id, subject from ${harness.table('message')} where external_id = $1`,
      [id],
    );
    expect(message).toMatchObject({ provider: 'inbound-webhook', tenant_id: world.tenant.id, subject: 'Signed lease renewal' });
    expect((await objectBytes(message!.raw_key)).equals(raw)).toBe(true);
    const attachment = await harness.row<{ storage_key: string }>(`select storage_key from ${harness.table('message_attachment')} where message_id = $1`, [message!.id]);
    expect((await objectBytes(attachment!.storage_key)).equals(document)).toBe(true);
    expect(await count(`select count(*) as n from "${harness.service.schema}"."outbox" where subject = $1 and envelope->'data'->>'externalId' = $2`, [MessageReceived.subject, id])).toBe(1);
    expect(await attachmentEvents(message!.id)).toBe(1);

    // The provider delivers it again, and it also came in by SMTP: still one message, nothing more kept.
    const before = await stored();
    const again = await post(raw, signedHeaders(raw));
    expect(await again.json()).toEqual({ status: 'duplicate' });
    expect(await smtp(raw)).toMatch(/^250/);
    expect(await messagesWith(id)).toBe(1);
    expect(await attachmentEvents(message!.id)).toBe(1);
    expect(await stored()).toEqual(before);

    // Sent by SMTP first, then by the webhook: one message too.
    const first = `${randomBytes(8).toString('hex')}@mail.example.com`;
    const mail = await composeMail(first, pdf(), { subject: 'Parking permit' });
    expect(await smtp(mail)).toMatch(/^250/);
    expect(await (await post(mail, signedHeaders(mail))).json()).toEqual({ status: 'duplicate' });
    expect(await messagesWith(first)).toBe(1);

    // Without the provider's word (and no DKIM signature of the From domain) the sender is not believed: stored
    // bound to no tenant, marked unverified. A header the sender wrote under another authserv-id changes nothing.
    const unvouched = `${randomBytes(8).toString('hex')}@mail.example.com`;
    const forged = Buffer.concat([Buffer.from('Authentication-Results: mx.elsewhere.example; dmarc=pass header.from=example.com\r\n'), await composeMail(unvouched, pdf(), { subject: 'New bank details' })]);
    expect(await (await post(forged, signedHeaders(forged))).json()).toEqual({ status: 'stored' });
    expect(await harness.row(`select tenant_id, sender_verified from ${harness.table('message')} where external_id = $1`, [unvouched])).toEqual({ tenant_id: null, sender_verified: false });

    // A message for no address of ours is not kept (200, so the provider does not retry it for ever).
    const astray = Buffer.from(`From: a@example.com\r\nTo: nobody@mail.pm.local\r\nSubject: Hi\r\nMessage-ID: <${randomBytes(8).toString('hex')}@example.com>\r\n\r\nHello\r\n`);
    const beforeAstray = await stored();
    expect(await (await post(astray, signedHeaders(astray))).json()).toEqual({ status: 'no_mailbox' });
    expect(await stored()).toEqual(beforeAstray);
  });
});
