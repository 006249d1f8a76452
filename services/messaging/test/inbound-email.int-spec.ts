import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { jest } from '@jest/globals';
import { DraftRequested, ListInboxItems, ListMessageSessions, ListSessionMessages, LocationEmailAddressGenerated, MessageReceived } from '@pm/contracts';
import { testEnv, waitFor } from '@pm/testing';
import { Client as MinioClient } from 'minio';
import nodemailer from 'nodemailer';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(180_000);

/**
 * E-mail in through the SMTP receiver, on real PostgreSQL, NATS and MinIO, sent by a real SMTP client (nodemailer):
 * raw MIME is kept in MinIO, parsed, stored with its session and event; the size limit answers 552 with nothing
 * kept; a Message-ID delivered twice is one message; replies join their thread; recipients are checked and capped.
 */
const MAX_BYTES = 64 * 1024;
const MAX_RECIPIENTS = 3;
/** Someone who is no tenant of the location (the tenant writes from the address portfolio's events gave). */
const TENANT = 'stranger@example.com';

let harness: MessagingHarness;
let world: MessagingWorld;
let minio: MinioClient;
const stack = testEnv();

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: MAX_BYTES, maxRecipients: MAX_RECIPIENTS } });
  world = await harness.world();
  const [host, port] = stack.MINIO_ENDPOINT.split(':');
  minio = new MinioClient({ endPoint: host!, port: Number(port), useSSL: false, accessKey: stack.MINIO_ACCESS_KEY, secretKey: stack.MINIO_SECRET_KEY });
});

afterAll(async () => {
  await harness?.close();
});

function transport() {
  return nodemailer.createTransport({ host: '127.0.0.1', port: harness.smtpPort!, secure: false, ignoreTLS: true });
}

/** A message as a mail client writes it, CRLF line ends. */
function mime(headers: Record<string, string>, body: string): string {
  return [...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', body, ''].join('\r\n');
}

function messageId(): string {
  return `${randomBytes(8).toString('hex')}@mail.example.com`;
}

async function send(raw: string, to: string[] = [world.email], from = TENANT) {
  return transport().sendMail({ envelope: { from, to }, raw });
}

async function smtpError(promise: Promise<unknown>): Promise<{ responseCode?: number; response?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { responseCode?: number; response?: string };
  }
  throw new Error('expected the SMTP server to refuse');
}

async function rawObjects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of minio.listObjectsV2(stack.MINIO_BUCKET, 'mail/inbound/', true)) if (item.name) keys.push(item.name);
  return keys;
}

async function objectText(key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await minio.getObject(stack.MINIO_BUCKET, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A plain SMTP conversation on a socket, for a client that announces no SIZE (many do not): the limit can only be
 * enforced while the message is read. Answers each command's reply line(s).
 */
async function converse(commands: (string | Buffer)[]): Promise<string[]> {
  const socket: Socket = connect(harness.smtpPort!, '127.0.0.1');
  let buffered = '';
  const replies: string[] = [];
  const nextReply = () =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffered);
        if (!match) return false;
        const end = match.index + match[0].length;
        const text = buffered.slice(0, end);
        buffered = buffered.slice(end);
        resolve(text.trim());
        return true;
      };
      if (check()) return;
      const onData = (chunk: Buffer) => {
        buffered += chunk.toString('latin1');
        if (check()) socket.off('data', onData);
      };
      socket.on('data', onData);
      socket.once('error', reject);
    });
  try {
    replies.push(await nextReply());
    for (const command of commands) {
      socket.write(command);
      replies.push(await nextReply());
    }
  } finally {
    socket.end('QUIT\r\n');
  }
  return replies;
}

const count = async (sql: string, params: unknown[]) => Number((await harness.row<{ n: string }>(sql, params))!.n);

describe('e-mail in', () => {
  it('keeps the raw message in MinIO, stores it from the tenant with its thread and event, and shows it in the inbox', async () => {
    const id = messageId();
    const sender = world.tenant.email.toUpperCase();
    const raw = mime(
      { From: `Maria <${sender}>`, To: world.email, Subject: 'Leaking sink', 'Message-ID': `<${id}>`, Date: new Date().toUTCString(), 'Content-Type': 'text/plain; charset=utf-8' },
      'My kitchen sink is leaking, water everywhere.',
    );
    const info = await send(raw, [world.email], sender);
    expect(info.response).toMatch(/^250/);

    const row = await harness.row<{ session_id: string; channel: string; subject: string; body: string; from_address: string; sender_name: string; raw_key: string; location_id: string }>(
      `select * from ${harness.table('message')} where external_id = $1`,
      [id],
    );
    const tenantEmail = world.tenant.email;
    expect(row).toMatchObject({ channel: 'email', subject: 'Leaking sink', from_address: tenantEmail, sender_name: 'Maria Lopez', location_id: world.locationId, tenant_id: world.tenant.id });
    expect(row!.body.trim()).toBe('My kitchen sink is leaking, water everywhere.');
    expect(await objectText(row!.raw_key)).toBe(raw);
    expect(
      await count(`select count(*) as n from "${harness.service.schema}"."outbox" where subject = $1 and envelope->'data'->>'externalId' = $2 and envelope->'data'->>'subject' = 'Leaking sink'`, [
        MessageReceived.subject,
        id,
      ]),
    ).toBe(1);

    const items = await harness.call(ListInboxItems, { location_id: world.locationId, channel: 'email' }, world.owner);
    expect(items.items).toEqual([
      expect.objectContaining({
        type: 'email',
        external_id: id,
        from: tenantEmail,
        sender_name: 'Maria Lopez',
        status: 'needs_response',
        tenant: expect.objectContaining({ id: world.tenant.id }),
        // Asked of the assistant with the message itself (this test runs no assistant: it stays pending).
        draft: { status: 'pending', version: 1, reply: null, failure: null, sources: [], near_misses: [], outcome: null },
      }),
    ]);
    const draftRequest = await harness.row<{ envelope: { data: Record<string, unknown> } }>(
      `select envelope from "${harness.service.schema}"."outbox" where subject = $1 and envelope->'data'->>'messageId' = $2`,
      [DraftRequested.subject, items.items[0]!.id],
    );
    expect(draftRequest!.envelope.data).toMatchObject({ channel: 'email', subject: 'Leaking sink', tenantName: 'Maria Lopez' });
    const sessions = await harness.call(ListMessageSessions, { location_id: world.locationId, channel: 'email' }, world.owner);
    expect(sessions.items).toEqual([
      expect.objectContaining({ type: 'email', tenant_id: world.tenant.id, subject: 'Leaking sink', from: { name: 'Maria Lopez', source: tenantEmail, to: world.email } }),
    ]);

    // A reply naming it in In-Reply-To joins its thread; a new subject opens another.
    const reply = messageId();
    await send(mime({ From: tenantEmail, To: world.email, Subject: 'Re: Leaking sink', 'Message-ID': `<${reply}>`, 'In-Reply-To': `<${id}>`, References: `<${id}>` }, 'Any news?'), [world.email], tenantEmail);
    // Someone who is no tenant: kept, shown as an unknown sender, in a thread of their own.
    const other = messageId();
    await send(mime({ From: `Sam Stranger <${TENANT}>`, To: world.email, Subject: 'Parking', 'Message-ID': `<${other}>` }, 'Where do guests park?'));
    expect(await harness.row(`select tenant_id, sender_name from ${harness.table('message')} where external_id = $1`, [other])).toEqual({ tenant_id: null, sender_name: 'Sam Stranger' });
    const thread = await harness.call(ListSessionMessages, { id: row!.session_id }, world.owner);
    expect(thread.items.map((m) => m.external_id)).toEqual([reply, id]);
    expect((await harness.call(ListMessageSessions, { location_id: world.locationId, channel: 'email' }, world.owner)).total).toBe(2);
  });

  it('stores the same Message-ID delivered twice once, answering 250 both times and keeping one raw copy', async () => {
    const id = messageId();
    const raw = mime({ From: TENANT, To: world.email, Subject: 'Twice', 'Message-ID': `<${id}>` }, 'Sent twice by a client that lost our answer.');
    const objectsBefore = (await rawObjects()).length;
    expect((await send(raw)).response).toMatch(/^250/);
    expect((await send(raw)).response).toMatch(/^250/);
    expect(await count(`select count(*) as n from ${harness.table('message')} where external_id = $1`, [id])).toBe(1);
    expect(await count(`select count(*) as n from "${harness.service.schema}"."outbox" where envelope->'data'->>'externalId' = $1`, [id])).toBe(1);
    expect((await rawObjects()).length).toBe(objectsBefore + 1);

    // Ten deliveries of one message at once (a client retrying on several connections): still one.
    const racing = messageId();
    const copy = mime({ From: TENANT, To: world.email, Subject: 'Racing', 'Message-ID': `<${racing}>` }, 'Sent on ten connections at once.');
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(copy)));
    expect(answers.every((info) => info.response.startsWith('250'))).toBe(true);
    expect(await count(`select count(*) as n from ${harness.table('message')} where external_id = $1`, [racing])).toBe(1);
    expect(await count(`select count(*) as n from "${harness.service.schema}"."outbox" where envelope->'data'->>'externalId' = $1`, [racing])).toBe(1);
    expect((await rawObjects()).length).toBe(objectsBefore + 2);
  });

  it('stores a message with NUL bytes in its subject, sender name and body with the bytes removed (250, not 451 forever)', async () => {
    const id = messageId();
    const raw = mime(
      {
        From: `=?utf-8?Q?Sam=00_Stranger?= <${TENANT}>`,
        To: world.email,
        Subject: '=?utf-8?Q?Broken=00_heater?=',
        'Message-ID': `<${id}>`,
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Transfer-Encoding': 'quoted-printable',
      },
      'The heater=00 in 2B is broken.',
    );
    expect((await send(raw)).response).toMatch(/^250/);
    const row = await harness.row<{ subject: string; body: string; sender_name: string; raw_key: string }>(
      `select subject, body, sender_name, raw_key from ${harness.table('message')} where external_id = $1`,
      [id],
    );
    expect(row).toMatchObject({ subject: 'Broken heater', sender_name: 'Sam Stranger' });
    expect(row!.body.trim()).toBe('The heater in 2B is broken.');
    // The raw message keeps every byte as sent.
    expect(await objectText(row!.raw_key)).toBe(raw);
  });

  it('answers a message over the size limit 552 and keeps nothing of it, then goes on serving', async () => {
    const messagesBefore = await count(`select count(*) as n from ${harness.table('message')}`, []);
    const objectsBefore = await rawObjects();
    const id = messageId();
    const big = mime({ From: TENANT, To: world.email, Subject: 'Photos', 'Message-ID': `<${id}>` }, 'x'.repeat(76).concat('\r\n').repeat(Math.ceil((MAX_BYTES * 2) / 78)));
    const refused = await smtpError(send(big));
    expect(refused.responseCode).toBe(552);
    expect(await count(`select count(*) as n from ${harness.table('message')}`, [])).toBe(messagesBefore);
    expect(await rawObjects()).toEqual(objectsBefore);

    // A client that announces no SIZE: the limit is enforced while the message streams in.
    const streamed = messageId();
    const body = mime({ From: TENANT, To: world.email, Subject: 'Photos', 'Message-ID': `<${streamed}>` }, 'y'.repeat(76).concat('\r\n').repeat(Math.ceil((MAX_BYTES * 3) / 78)));
    const replies = await converse(['EHLO client.example.com\r\n', `MAIL FROM:<${TENANT}>\r\n`, `RCPT TO:<${world.email}>\r\n`, 'DATA\r\n', Buffer.from(`${body}.\r\n`)]);
    expect(replies.map((r) => r.split('\r\n').at(-1)!.slice(0, 3))).toEqual(['220', '250', '250', '250', '354', '552']);
    expect(await count(`select count(*) as n from ${harness.table('message')}`, [])).toBe(messagesBefore);
    expect(await rawObjects()).toEqual(objectsBefore);

    const next = messageId();
    expect((await send(mime({ From: TENANT, To: world.email, Subject: 'Small', 'Message-ID': `<${next}>` }, 'Just text.'))).response).toMatch(/^250/);
    expect(await count(`select count(*) as n from ${harness.table('message')} where external_id = $1`, [next])).toBe(1);
  });

  it('refuses mailboxes that are not ours and caps the recipients of one message', async () => {
    const raw = mime({ From: TENANT, Subject: 'Hello', 'Message-ID': `<${messageId()}>` }, 'Hello');
    expect((await smtpError(send(raw, ['nobody@mail.pm.local']))).responseCode).toBe(550);
    expect((await smtpError(send(raw, ['someone@example.org']))).responseCode).toBe(550);

    // More addresses of ours than one message may name (a location keeps the addresses it was given over time).
    const scope = { locationId: world.locationId, accountId: world.owner.userId, ownerUserId: world.owner.userId };
    const aliases = Array.from({ length: MAX_RECIPIENTS }, (_, i) => `elm.alias${i}@mail.pm.local`);
    for (const email of aliases) await harness.publish(LocationEmailAddressGenerated, { ...scope, email });
    await waitFor(async () => ((await count(`select count(*) as n from ${harness.table('location_email_address')} where email like 'elm.alias%'`, [])) === MAX_RECIPIENTS ? true : undefined), {
      timeout: 15_000,
      description: 'aliases copied',
    });
    const id = messageId();
    const info = (await send(mime({ From: TENANT, To: world.email, Subject: 'Many', 'Message-ID': `<${id}>` }, 'To everyone'), [world.email, ...aliases])) as {
      accepted: string[];
      rejected: string[];
      rejectedErrors?: { responseCode?: number }[];
    };
    expect(info.accepted).toEqual([world.email, ...aliases.slice(0, MAX_RECIPIENTS - 1)]);
    expect(info.rejected).toEqual([aliases.at(-1)]);
    expect(info.rejectedErrors?.[0]?.responseCode).toBe(452);
    // One location, however many of its addresses the message names: stored once.
    expect(await count(`select count(*) as n from ${harness.table('message')} where external_id = $1`, [id])).toBe(1);
  });
});
