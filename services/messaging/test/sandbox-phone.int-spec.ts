import { randomBytes, randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { GetInboundCall, ListInboundCalls, ListInboxItems, ListSandboxPhoneMessages, ListSandboxPhoneNumbers, PlaceSandboxCall, SendSandboxSms } from '@pm/contracts';
import { SandboxSmsCarrier } from '../src/outbound/sandbox-sms-carrier.js';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * The sandbox phone on the real messaging service (real PostgreSQL, a NATS of the file's own): a manager texts and
 * calls their location's number as a tenant; the posts go through the service's own signed webhooks (stored with
 * the provider's ids, shown in the inbox and the Inbound Calls list), and what the sandbox carrier delivered to the
 * phone comes back as the conversation. No assistant runs here, so the caller hears the holding line (the spoken
 * answers are services/assistant/test/voice-calls.int-spec.ts).
 */
let harness: MessagingHarness;
let w: MessagingWorld;
const tester = '+15557770001';

beforeAll(async () => {
  harness = await MessagingHarness.start();
  w = await harness.world();
});

afterAll(async () => {
  await harness?.close();
});

it('lists the numbers of the locations the caller may message for, and none to others', async () => {
  expect(await harness.call(ListSandboxPhoneNumbers, {}, w.owner)).toEqual({ numbers: [{ property_location_id: w.locationId, location_name: '12 Elm Street', phone_number: w.number }] });
  expect((await harness.call(ListSandboxPhoneNumbers, {}, w.partners.MANAGER)).numbers).toHaveLength(1);
  // A viewer reads messages but does not send them; a stranger reaches nothing.
  expect(await harness.call(ListSandboxPhoneNumbers, {}, w.partners.VIEWER)).toEqual({ numbers: [] });
  expect(await harness.call(ListSandboxPhoneNumbers, {}, await harness.caller())).toEqual({ numbers: [] });
});

it('texts the number through the signed webhook, and shows what the phone sent and received as one conversation', async () => {
  const { message_sid } = await harness.call(SendSandboxSms, { to: w.number, from: tester, body: 'Hi, is the gym open on Sundays?' }, w.owner);
  const stored = await harness.row<{ provider: string; from_address: string; session_id: string }>(
    `select provider, from_address, session_id from ${harness.table('message')} where external_id = $1`,
    [message_sid],
  );
  expect(stored).toMatchObject({ provider: 'sandbox', from_address: tester });
  const inbox = await harness.call(ListInboxItems, { location_id: w.locationId }, w.owner);
  expect(inbox.items).toContainEqual(expect.objectContaining({ external_id: message_sid, message: 'Hi, is the gym open on Sundays?', from: tester }));

  // What the sending feature hands the local carrier reaches the tester's phone.
  const em = harness.service.app.get(MikroORM).em.fork() as EntityManager;
  await new SandboxSmsCarrier(em).send({ from: w.number, to: tester, body: 'Yes, 8 AM to 6 PM on Sundays.' }, randomUUID());
  await new SandboxSmsCarrier(em).send({ from: '+14155550999', to: tester, body: 'Another location wrote this.' }, randomUUID());
  const { messages } = await harness.call(ListSandboxPhoneMessages, { phone: tester }, w.owner);
  expect(messages.map(({ direction, number, body }) => ({ direction, number, body }))).toEqual([
    { direction: 'sent', number: w.number, body: 'Hi, is the gym open on Sundays?' },
    { direction: 'received', number: w.number, body: 'Yes, 8 AM to 6 PM on Sundays.' },
  ]);
  expect((await harness.call(ListSandboxPhoneMessages, { phone: tester }, await harness.caller())).messages).toEqual([]);
});

it('says which tenant the phone is at each number: the tenant with that phone, or nobody (an unknown sender)', async () => {
  expect((await harness.call(ListSandboxPhoneMessages, { phone: w.tenant.phone }, w.owner)).callers).toEqual([{ number: w.number, tenant_name: 'Maria Lopez' }]);
  expect((await harness.call(ListSandboxPhoneMessages, { phone: tester }, w.owner)).callers).toEqual([{ number: w.number, tenant_name: null }]);
  // A caller who reaches no number learns nothing about anyone's phone.
  expect((await harness.call(ListSandboxPhoneMessages, { phone: w.tenant.phone }, await harness.caller())).callers).toEqual([]);
});

it("refuses another account's number (404), bad phones and empty texts (400)", async () => {
  const other = await harness.world();
  await expect(harness.call(SendSandboxSms, { to: other.number, from: tester, body: 'Hello' }, w.owner)).rejects.toMatchObject({ status: 404, message: 'Phone number not found' });
  await expect(harness.call(SendSandboxSms, { to: w.number, from: '555-0100', body: 'Hello' }, w.owner)).rejects.toMatchObject({ status: 400, message: 'From must be an E.164 number, e.g. +15551234567' });
  await expect(harness.call(SendSandboxSms, { to: w.number, from: tester, body: '   ' }, w.owner)).rejects.toMatchObject({ status: 400, message: 'Message is required' });
  await expect(harness.call(PlaceSandboxCall, { to: other.number, from: tester, speech: 'Hello' }, w.owner)).rejects.toMatchObject({ status: 404 });
  expect(await harness.row(`select 1 from ${harness.table('message')} where to_address = $1`, [other.number])).toBeUndefined();
});

it('places a typed call: greeted with the location, the words stored as a turn, and a goodbye ends the call', async () => {
  const first = await harness.call(PlaceSandboxCall, { to: w.number, from: tester, speech: 'Can I have a package delivered to the office?' }, w.owner);
  expect(first.greeting).toBe("Thank you for calling 12 Elm Street. This is the building's virtual assistant. How can I help you today?");
  // No assistant answers in this file: the holding line, within the budget.
  expect(first.answer).toBe("I've passed your message to the team; someone will get back to you. Is there anything else I can help you with?");
  expect(first.ended).toBe(false);
  const last = await harness.call(PlaceSandboxCall, { to: w.number, from: tester, speech: 'Goodbye', call_sid: first.call_sid }, w.owner);
  expect(last).toMatchObject({ call_sid: first.call_sid, greeting: null, answer: 'Thank you for calling. Goodbye.', ended: true });

  const { items } = await harness.call(ListInboundCalls, { location_id: w.locationId }, w.owner);
  const call = items.find((item) => item.call_sid === first.call_sid)!;
  expect(call).toMatchObject({ from: tester, status: 'completed' });
  expect(call.turns.map((turn) => [turn.transcript, turn.kind])).toEqual([
    ['Can I have a package delivered to the office?', 'holding'],
    ['Goodbye', 'goodbye'],
  ]);
  expect(await harness.call(GetInboundCall, { id: call.id }, w.owner)).toEqual(call);
  // An ended call takes no more turns.
  await expect(harness.call(PlaceSandboxCall, { to: w.number, from: tester, speech: 'Hello again', call_sid: first.call_sid }, w.owner)).rejects.toMatchObject({ status: 404, message: 'Call not found' });
});

it('is 404 when the SMS provider is not the sandbox', async () => {
  const production = await MessagingHarness.start({ env: { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: `AC${randomBytes(16).toString('hex')}`, TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex') } });
  try {
    const owner = await production.caller();
    for (const call of [
      production.call(ListSandboxPhoneNumbers, {}, owner),
      production.call(SendSandboxSms, { to: '+14155550123', from: tester, body: 'Hello' }, owner),
      production.call(ListSandboxPhoneMessages, { phone: tester }, owner),
      production.call(PlaceSandboxCall, { to: '+14155550123', from: tester, speech: 'Hello' }, owner),
    ]) {
      await expect(call).rejects.toMatchObject({ status: 404, message: 'The sandbox phone is only available in the local profile' });
    }
  } finally {
    await production.close();
  }
});
