import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { jest } from '@jest/globals';
import {
  ArchiveEmailSession,
  ArchiveSmsSession,
  EMAIL_ARCHIVED,
  EMAIL_SENT,
  ListInboxItems,
  ListMessageSessions,
  ListSentEmails,
  ListSentSms,
  ListSessionMessages,
  NOT_AN_EMAIL_SESSION,
  NOT_AN_SMS_SESSION,
  REPLY_REQUIRED,
  SendEmailResponse,
  SendSmsResponse,
  SMS_ARCHIVED,
  SMS_SENT,
} from '@pm/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { FileStore } from '@pm/files';
import { MailSinkClient } from '@pm/mail';
import { RpcFailure } from '@pm/messaging';
import { testEnv, waitFor } from '@pm/testing';
import { OutboundQueue } from '../src/outbound/outbound-queue.js';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * Replies end to end on real PostgreSQL, NATS (the file's own), MinIO (raw mail in) and the stack's mail sink: the
 * service's own dispatcher delivers SMS to the sandbox carrier and e-mail over SMTP to the sink.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
const sink = new MailSinkClient(testEnv().MAIL_UI_URL);

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: 1024 * 1024, maxRecipients: 5 }, env: { OUTBOUND_POLL_MS: '100' } });
  world = await harness.world();
});

afterAll(async () => {
  await harness?.close();
});

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcFailure) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function smsSession(body: string, from = world.tenant.phone): Promise<{ sessionId: string; messageId: string }> {
  const sid = await harness.sms(from, world.number, body);
  const row = await harness.row<{ id: string; session_id: string }>(`select id, session_id from ${harness.table('message')} where external_id = $1`, [sid]);
  return { sessionId: row!.session_id, messageId: row!.id };
}

/** The assistant's answer to the message's pending draft, as the assistant publishes it. */
async function draftReady(messageId: string, reply: string): Promise<string> {
  return (await harness.completeDraft(messageId, { reply, language: 'en', urgent: false, intent: 'amenity_question', confidence: 0.9, sources: [], outcome: 'model-reply', flaggedForManager: false })).draftId;
}

it('an SMS reply is in the thread, reaches the sandbox phone from the location number, is listed sent, answers the waiting messages and is audited', async () => {
  const first = await smsSession('Is the pool open this weekend?');
  const second = await smsSession('And is the gym open too?');
  expect(second.sessionId).toBe(first.sessionId);
  const draftId = await draftReady(second.messageId, 'Yes, the pool and the gym are open 9 AM to 8 PM.');
  const text = 'Yes, the pool and the gym are open 9 AM to 8 PM this weekend.';

  const answer = await harness.call(SendSmsResponse, { sessionId: first.sessionId, response: `  ${text}\n` }, world.owner);
  expect(answer.message).toBe(SMS_SENT);
  expect(answer.sent).toMatchObject({ session_id: first.sessionId, channel: 'sms', purpose: 'reply', from: world.number, to: world.tenant.phone, message: text, approved_by: world.owner.userId, archived: false });
  expect(answer.sent.tenant).toMatchObject({ id: world.tenant.id, full_name: world.tenant.fullName });

  const phone = await waitFor(() => harness.row<{ from_number: string; body: string }>(`select from_number, body from ${harness.table('sandbox_phone_message')} where to_number = $1 and body = $2`, [world.tenant.phone, text]), {
    timeout: 15_000,
    description: 'the sandbox phone got the reply',
  });
  expect(phone.from_number).toBe(world.number);

  const sent = await waitFor(async () => {
    const page = await harness.call(ListSentSms, { location_id: world.locationId, filter_by: 'sent' }, world.owner);
    const item = page.items.find((i) => i.id === answer.sent.id);
    return item?.status === 'sent' ? item : undefined;
  }, { timeout: 15_000, description: 'listed sent' });
  expect(sent).toMatchObject({ attempts: 1, failure: null, message: text });
  expect(sent.sent_at).not.toBeNull();

  const thread = await harness.call(ListSessionMessages, { id: first.sessionId }, world.owner);
  expect(thread.items[0]).toMatchObject({ id: answer.sent.message_id, direction: 'outbound', role: 'property_manager', message: text, delivery_status: 'sent' });
  expect(thread.items.slice(1).map((m) => m.delivery_status)).toEqual([null, null]);

  const inbox = await harness.call(ListInboxItems, { location_id: world.locationId, channel: 'sms' }, world.owner);
  for (const id of [first.messageId, second.messageId]) expect(inbox.items.find((i) => i.id === id)).toMatchObject({ replied_to: true, status: 'done' });
  const sessions = await harness.call(ListMessageSessions, { location_id: world.locationId, channel: 'sms' }, world.owner);
  expect(sessions.items.find((s) => s.session_id === first.sessionId)).toMatchObject({ status: 'done', last_message: { role: 'property_manager' } });

  const audit = await harness.db.query<{ action: string; actor: string | null; draft_id: string | null; detail: Record<string, unknown> }>(
    `select action, actor, draft_id, detail from ${harness.table('message_audit')} where session_id = $1 order by at, action`,
    [first.sessionId],
  );
  expect(audit.rows).toEqual([
    {
      action: 'reply_approved',
      actor: world.owner.userId,
      draft_id: draftId,
      detail: { channel: 'sms', to: world.tenant.phone, edited: true, sha256: createHash('sha256').update(text).digest('hex') },
    },
    expect.objectContaining({ action: 'delivery_sent', actor: null }),
  ]);
});

it('a reply sent exactly as the AI drafted it is audited as not edited', async () => {
  const { sessionId, messageId } = await smsSession('When is trash day?', '+15559870001');
  const reply = 'Trash is collected on Tuesday mornings.';
  const draftId = await draftReady(messageId, reply);
  await harness.call(SendSmsResponse, { sessionId, response: reply }, world.owner);
  const audit = await harness.row<{ draft_id: string; detail: { edited: boolean } }>(`select draft_id, detail from ${harness.table('message_audit')} where session_id = $1 and action = 'reply_approved'`, [sessionId]);
  expect(audit).toMatchObject({ draft_id: draftId, detail: { edited: false } });
});

it('an e-mail reply goes from the location address, threaded with our Message-ID, In-Reply-To and References, subject "Re: …"', async () => {
  const tenantMail = await harness.email(world.tenant.email, world.email, 'Parking permit', 'Is my parking permit ready?');
  const row = await harness.row<{ session_id: string }>(`select session_id from ${harness.table('message')} where external_id = $1`, [tenantMail]);
  const text = 'Your parking permit is ready; pick it up at the office.';
  const answer = await harness.call(SendEmailResponse, { sessionId: row!.session_id, response: text }, world.owner);
  expect(answer.message).toBe(EMAIL_SENT);
  expect(answer.sent).toMatchObject({ channel: 'email', from: world.email, to: world.tenant.email, subject: 'Re: Parking permit', message: text });

  const ownId = await harness.row<{ external_id: string }>(`select external_id from ${harness.table('message')} where id = $1`, [answer.sent.message_id]);
  expect(ownId!.external_id).toMatch(/@mail\.pm\.local$/);
  // The sink is shared by every test run: this reply is the message with our Message-ID.
  const mail = await waitFor(async () => (await sink.messagesTo(world.tenant.email)).find((m) => m.headers['message-id'] === `<${ownId!.external_id}>`), {
    timeout: 20_000,
    description: 'the reply in the mail sink',
  });
  expect(mail.subject).toBe('Re: Parking permit');
  expect(mail.from[0]!.address).toBe(world.email);
  expect(mail.text.trim()).toBe(text);
  expect(mail.headers['in-reply-to']).toBe(`<${tenantMail}>`);
  expect(mail.headers['references']).toBe(`<${tenantMail}>`);
  await waitFor(async () => (await harness.call(ListSentEmails, { location_id: world.locationId }, world.owner)).items.find((i) => i.id === answer.sent.id && i.status === 'sent'), {
    timeout: 15_000,
    description: 'listed sent',
  });

  // The tenant's answer to our reply joins the same session: our Message-ID is known to the receiver.
  const answerBack = await harness.email(world.tenant.email, world.email, 'Re: Parking permit', 'Thanks!', { 'In-Reply-To': `<${ownId!.external_id}>` });
  const back = await harness.row<{ session_id: string }>(`select session_id from ${harness.table('message')} where external_id = $1`, [answerBack]);
  expect(back!.session_id).toBe(row!.session_id);
});

it('an e-mail send with an attachment reads it from MinIO and the recipient gets the file', async () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const stored = await harness.service.app.get(FileStore).put(Readable.from([pdf]), { prefix: 'messaging/outbound', maxBytes: 1024 * 1024, accept: ['application/pdf'] });
  const to = `resident-${randomUUID()}@example.com`;
  const queue = harness.service.app.get(OutboundQueue);
  const em = harness.service.app.get(EntityManager).fork();
  const id = await em.transactional((tx) =>
    queue.enqueue(tx, {
      accountId: world.owner.userId,
      locationId: world.locationId,
      purpose: 'direct',
      channel: 'email',
      from: world.email,
      to,
      subject: 'Your lease renewal',
      body: 'Please find the renewal attached.',
      attachments: [{ key: stored.key, fileName: 'Renewal 2027.pdf', contentType: 'application/pdf', size: stored.size }],
    }),
  );
  const mail = await waitFor(async () => (await sink.messagesTo(to))[0], { timeout: 20_000, description: 'the mail with its attachment' });
  expect(mail.attachments).toEqual([expect.objectContaining({ fileName: 'Renewal 2027.pdf', contentType: 'application/pdf', length: pdf.length })]);
  await waitFor(() => harness.row(`select 1 from ${harness.table('outbound_delivery')} where id = $1 and status = 'sent'`, [id]), { timeout: 10_000, description: 'recorded sent' });
});

it('a retry with the same Idempotency-Key sends one reply', async () => {
  const { sessionId } = await smsSession('Can I get a second key?', '+15559870002');
  const key = randomUUID();
  const call = () => harness.service.client.request(SendSmsResponse, { sessionId, response: 'Yes, ask at the office.' }, { authorization: world.owner.authorization, idempotencyKey: key });
  const [a, b] = [await call(), await call()];
  expect(b.sent.id).toBe(a.sent.id);
  const count = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('outbound_delivery')} d join ${harness.table('message')} m on m.id = d.message_id where m.session_id = $1`, [sessionId]);
  expect(count!.n).toBe('1');
});

it('archive closes waiting messages, shows Archived on the Sent list, is audited once and may be repeated', async () => {
  const { sessionId, messageId } = await smsSession('Never mind, found it.', '+15559870003');
  expect((await harness.call(ArchiveSmsSession, { id: sessionId }, world.owner)).message).toBe(SMS_ARCHIVED);
  expect((await harness.call(ArchiveSmsSession, { id: sessionId }, world.owner)).message).toBe(SMS_ARCHIVED);
  const inbox = await harness.call(ListInboxItems, { location_id: world.locationId, filter: 'completed' }, world.owner);
  expect(inbox.items.find((i) => i.id === messageId)).toMatchObject({ archived: true, status: 'done' });
  const audits = await harness.db.query(`select actor from ${harness.table('message_audit')} where session_id = $1 and action = 'session_archived'`, [sessionId]);
  expect(audits.rows).toEqual([{ actor: world.owner.userId }]);

  // A reply sent earlier in an archived session is listed under Archived, not Sent.
  const other = await smsSession('Is the laundry room open late?', '+15559870004');
  const reply = await harness.call(SendSmsResponse, { sessionId: other.sessionId, response: 'Until 10 PM.' }, world.owner);
  await harness.call(ArchiveSmsSession, { id: other.sessionId }, world.owner);
  const archived = await harness.call(ListSentSms, { location_id: world.locationId, filter_by: 'archived' }, world.owner);
  expect(archived.items.map((i) => i.id)).toContain(reply.sent.id);
  expect(archived.items.find((i) => i.id === reply.sent.id)!.archived).toBe(true);
  const notArchived = await harness.call(ListSentSms, { location_id: world.locationId, filter_by: 'sent' }, world.owner);
  expect(notArchived.items.map((i) => i.id)).not.toContain(reply.sent.id);

  const mail = await harness.email(world.tenant.email, world.email, 'Quiet hours', 'When are quiet hours?');
  const mailRow = await harness.row<{ session_id: string }>(`select session_id from ${harness.table('message')} where external_id = $1`, [mail]);
  expect((await harness.call(ArchiveEmailSession, { id: mailRow!.session_id }, world.owner)).message).toBe(EMAIL_ARCHIVED);
});

it('Sent SMS pages newest first by keyset, and a cursor we did not make is a 400', async () => {
  const all = await harness.call(ListSentSms, { location_id: world.locationId, limit: 200 }, world.owner);
  expect(all.total).toBeGreaterThanOrEqual(3);
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await harness.call(ListSentSms, { location_id: world.locationId, limit: 2, ...(cursor ? { cursor } : {}) }, world.owner);
    expect(page.total).toBe(all.total);
    seen.push(...page.items.map((i) => i.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  expect(seen).toEqual(all.items.map((i) => i.id));
  expect([...all.items.map((i) => i.created_at)]).toEqual([...all.items.map((i) => i.created_at)].sort().reverse());
  expect(await failure(harness.call(ListSentSms, { location_id: world.locationId, cursor: 'bm90LW91cnM' }, world.owner))).toEqual({ status: 400, message: 'Invalid cursor' });
});

it('refuses a blank, too long or control-character reply (400), the wrong channel (409), and nothing is queued', async () => {
  const { sessionId } = await smsSession('Hello?', '+15559870005');
  const before = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('outbound_delivery')}`);
  expect(await failure(harness.call(SendSmsResponse, { sessionId, response: '   ' }, world.owner))).toEqual({ status: 400, message: REPLY_REQUIRED });
  expect(await failure(harness.call(SendSmsResponse, { sessionId, response: 'x'.repeat(1_601) }, world.owner))).toEqual({ status: 400, message: 'Message must be at most 1,600 characters' });
  expect(await failure(harness.call(SendSmsResponse, { sessionId, response: 'bell\u0007' }, world.owner))).toEqual({ status: 400, message: 'Message contains characters that are not allowed' });
  expect(await failure(harness.call(SendEmailResponse, { sessionId, response: 'Hi' }, world.owner))).toEqual({ status: 409, message: NOT_AN_EMAIL_SESSION });
  expect(await failure(harness.call(ArchiveEmailSession, { id: sessionId }, world.owner))).toEqual({ status: 409, message: NOT_AN_EMAIL_SESSION });
  const mail = await harness.email(world.tenant.email, world.email, 'Keys', 'Where do I get keys?');
  const mailRow = await harness.row<{ session_id: string }>(`select session_id from ${harness.table('message')} where external_id = $1`, [mail]);
  expect(await failure(harness.call(SendSmsResponse, { sessionId: mailRow!.session_id, response: 'Hi' }, world.owner))).toEqual({ status: 409, message: NOT_AN_SMS_SESSION });
  const after = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('outbound_delivery')}`);
  expect(after!.n).toBe(before!.n);
});

it("another account's manager gets 404 and a viewer 403; nothing is sent", async () => {
  const { sessionId } = await smsSession('Can someone call me?', '+15559870006');
  const stranger = await harness.world();
  expect(await failure(harness.call(SendSmsResponse, { sessionId, response: 'Hi' }, stranger.partners.MANAGER))).toMatchObject({ status: 404 });
  expect(await failure(harness.call(SendSmsResponse, { sessionId, response: 'Hi' }, world.partners.VIEWER))).toMatchObject({ status: 403 });
  expect(await failure(harness.call(ListSentSms, { location_id: world.locationId }, stranger.owner))).toMatchObject({ status: 404 });
  const count = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('outbound_delivery')} d join ${harness.table('message')} m on m.id = d.message_id where m.session_id = $1`, [sessionId]);
  expect(count!.n).toBe('0');
});
