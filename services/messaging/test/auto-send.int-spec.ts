import { jest } from '@jest/globals';
import { GetAutoSendSettings, ListSessionMessages, UpdateAutoSendSettings, type DraftResult } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { waitFor } from '@pm/testing';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * Auto-send on the real service (PostgreSQL, the file's own NATS): the assistant's completion event arrives on the bus
 * as the assistant publishes it, and the service's own dispatcher delivers to the sandbox carrier.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
let phones = 0;

const grounded: DraftResult = {
  reply: 'The pool is open 9 AM to 8 PM on weekends.',
  language: 'en',
  urgent: false,
  intent: 'amenity_question',
  confidence: 0.93,
  sources: [{ kind: 'question', id: '01937a20-0a1b-7c2d-8e3f-4a5b6c7d8e00', title: 'When is the pool open?', score: 0.91 }],
  nearMisses: [],
  outcome: 'cited-answer',
  flaggedForManager: false,
};

beforeAll(async () => {
  harness = await MessagingHarness.start({ env: { OUTBOUND_POLL_MS: '100' } });
  world = await harness.world();
});

afterAll(async () => {
  await harness?.close();
});

/** A new sender's message and its answered draft; answers the message's session and the deliveries of the session. */
async function tenantAsks(body: string, draft: DraftResult, options: { again?: boolean } = {}) {
  const from = `+1555987${String(1000 + ++phones).slice(-4)}`;
  const sid = await harness.sms(from, world.number, body);
  const message = (await harness.row<{ id: string; session_id: string }>(`select id, session_id from ${harness.table('message')} where external_id = $1`, [sid]))!;
  await harness.completeDraft(message.id, draft, options);
  return { from, sessionId: message.session_id, messageId: message.id };
}

const deliveries = async (sessionId: string) =>
  (
    await harness.db.query<{ id: string; purpose: string; requested_by: string | null; body: string }>(
      `select d.id, d.purpose, d.requested_by, d.body from ${harness.table('outbound_delivery')} d join ${harness.table('message')} m on m.id = d.message_id where m.session_id = $1`,
      [sessionId],
    )
  ).rows;

it('is off by default: a qualifying draft waits for a person', async () => {
  const settings = await harness.call(GetAutoSendSettings, { location_id: world.locationId }, world.owner);
  expect(settings.intents.every((i) => !i.enabled)).toBe(true);
  expect(settings.intents.map((i) => i.intent)).not.toContain('emergency');
  const { sessionId, messageId } = await tenantAsks('When is the pool open?', grounded);
  expect(await deliveries(sessionId)).toEqual([]);
  expect(await harness.row(`select replied_at from ${harness.table('message')} where id = $1`, [messageId])).toEqual({ replied_at: null });
});

it('on for the intent: the grounded answer is sent once, by no one, even when the completion is delivered twice', async () => {
  const updated = await harness.call(UpdateAutoSendSettings, { location_id: world.locationId, intents: [{ intent: 'amenity_question', enabled: true }] }, world.owner);
  expect(updated.intents.find((i) => i.intent === 'amenity_question')).toEqual({ intent: 'amenity_question', enabled: true });
  expect(updated.intents.filter((i) => i.enabled)).toHaveLength(1);

  const { from, sessionId, messageId } = await tenantAsks('Is the pool open on Saturday?', grounded, { again: true });
  const sent = await deliveries(sessionId);
  expect(sent).toEqual([{ id: expect.any(String), purpose: 'auto_reply', requested_by: null, body: grounded.reply }]);
  await waitFor(() => harness.row(`select 1 from ${harness.table('sandbox_phone_message')} where delivery_id = $1`, [sent[0]!.id]), { timeout: 15_000, description: 'the sandbox phone got it' });
  const phone = await harness.db.query(`select body from ${harness.table('sandbox_phone_message')} where to_number = $1`, [from]);
  expect(phone.rows).toEqual([{ body: grounded.reply }]);

  expect(await harness.row(`select replied_at is not null as replied from ${harness.table('message')} where id = $1`, [messageId])).toEqual({ replied: true });
  const thread = await harness.call(ListSessionMessages, { id: sessionId }, world.owner);
  expect(thread.items[0]).toMatchObject({ direction: 'outbound', role: 'ai', message: grounded.reply });
  const audit = await harness.db.query(`select action, actor from ${harness.table('message_audit')} where session_id = $1 and action = 'auto_reply_queued'`, [sessionId]);
  expect(audit.rows).toEqual([{ action: 'auto_reply_queued', actor: null }]);
});

it('never sends an urgent draft, a flagged one, an ungrounded one or one below the confidence threshold', async () => {
  const cases: DraftResult[] = [
    { ...grounded, urgent: true },
    { ...grounded, flaggedForManager: true },
    { ...grounded, sources: [] },
    { ...grounded, outcome: 'holding-reply' },
    { ...grounded, confidence: 0.5 },
    { ...grounded, intent: 'payment_question' },
  ];
  for (const draft of cases) {
    const { sessionId } = await tenantAsks('Is the pool heated?', draft);
    expect(await deliveries(sessionId)).toEqual([]);
  }
});

it('refuses emergencies and unknown intents (400) and a viewer (403)', async () => {
  const refuse = async (promise: Promise<unknown>) => promise.then(() => 'ok', (e: unknown) => (e instanceof RpcFailure ? e.status : e));
  expect(await refuse(harness.call(UpdateAutoSendSettings, { location_id: world.locationId, intents: [{ intent: 'emergency' as 'general', enabled: true }] }, world.owner))).toBe(400);
  expect(
    await refuse(harness.call(UpdateAutoSendSettings, { location_id: world.locationId, intents: [{ intent: 'general', enabled: true }, { intent: 'general', enabled: false }] }, world.owner)),
  ).toBe(400);
  expect(await refuse(harness.call(UpdateAutoSendSettings, { location_id: world.locationId, intents: [{ intent: 'general', enabled: true }] }, world.partners.VIEWER))).toBe(403);
});
