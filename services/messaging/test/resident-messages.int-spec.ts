import { jest } from '@jest/globals';
import {
  DraftRequested,
  ListInboxItems,
  ListResidentEmailSessions,
  ListResidentSessionMessages,
  ListResidentSmsSessions,
  MessageReceived,
  SendResidentMessage,
  SendSmsResponse,
  TenantUpdated,
} from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { MessagingHarness, type MessagingWorld, type TestCaller } from './support/messaging-harness.js';

jest.setTimeout(180_000);

/**
 * The resident's own conversations (spec 002 Messages) on real PostgreSQL and NATS: tenants come from portfolio's
 * events, messages through the signed SMS webhook, and each resident signs in with a token carrying their account's
 * e-mail address. A resident sees the sessions of the tenants whose e-mail contact that is, and nobody else's.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
let other: MessagingWorld;
let jasmine: TestCaller;
let neighbour: TestCaller;

async function resident(email: string): Promise<TestCaller> {
  const userId = `usr_${uuidv7()}`;
  return { userId, authorization: await harness.tokens.bearer(userId, { email, is_anonymous: false, account_type: 'resident' }) };
}

async function status(promise: Promise<unknown>): Promise<'ok' | number> {
  return harness.outcome(promise);
}

beforeAll(async () => {
  harness = await MessagingHarness.start();
  world = await harness.world();
  other = await harness.world();
  // The account's address in another letter case is the same person.
  jasmine = await resident(world.tenant.email.toUpperCase());
  neighbour = await resident(other.tenant.email);
  await harness.sms(world.tenant.phone, world.number, 'Is the pool open this weekend?');
  await harness.sms('+15559990000', world.number, 'A stranger asks about parking');
  await harness.sms(other.tenant.phone, other.number, 'The neighbour\'s private question');
});

afterAll(async () => {
  await harness?.close();
});

describe('a resident\'s messages', () => {
  it('lists only the resident\'s own SMS sessions, with their thread', async () => {
    const sessions = await harness.call(ListResidentSmsSessions, {}, jasmine);
    expect(sessions.items.map((session) => session.tenant_id)).toEqual([world.tenant.id]);
    expect(sessions.total).toBe(1);
    const thread = await harness.call(ListResidentSessionMessages, { id: sessions.items[0]!.session_id }, jasmine);
    expect(thread.items.map((message) => message.message)).toEqual(['Is the pool open this weekend?']);
    expect((await harness.call(ListResidentEmailSessions, {}, jasmine)).items).toEqual([]);
  });

  it('never shows another resident\'s sessions: their list is their own, and a foreign thread is 404', async () => {
    const mine = (await harness.call(ListResidentSmsSessions, {}, jasmine)).items[0]!.session_id;
    const theirs = (await harness.call(ListResidentSmsSessions, {}, neighbour)).items;
    expect(theirs.map((session) => session.tenant_id)).toEqual([other.tenant.id]);
    expect(await status(harness.call(ListResidentSessionMessages, { id: mine }, neighbour))).toBe(404);
    expect(await status(harness.call(SendResidentMessage, { id: mine, message: 'Not mine to write' }, neighbour))).toBe(404);
    // The location's owner is no resident of it: no sessions through the resident's calls.
    expect((await harness.call(ListResidentSmsSessions, {}, world.owner)).items).toEqual([]);
    expect(await status(harness.call(ListResidentSessionMessages, { id: mine }, world.owner))).toBe(404);
    // A session of no tenant (an unknown sender's) and a malformed id are not found either.
    const stranger = (await harness.row<{ id: string }>(`select id from ${harness.table('message_session')} where location_id = $1 and tenant_id is null`, [world.locationId]))!.id;
    expect(await status(harness.call(ListResidentSessionMessages, { id: stranger }, jasmine))).toBe(404);
    expect(await status(harness.call(ListResidentSessionMessages, { id: 'not-a-session' }, jasmine))).toBe(404);
    expect(await status(harness.call(SendResidentMessage, { id: mine, message: '   ' }, jasmine))).toBe(400);
  });

  it('takes a message from the portal as an inbound message of the session, with a draft for the team', async () => {
    const session = (await harness.call(ListResidentSmsSessions, {}, jasmine)).items[0]!;
    const sent = await harness.call(SendResidentMessage, { id: session.session_id, message: 'Also, can I book the party room?' }, jasmine);
    expect(sent).toMatchObject({ session_id: session.session_id, direction: 'inbound', role: 'tenant', message: 'Also, can I book the party room?', sender_name: 'Maria Lopez' });

    const thread = await harness.call(ListResidentSessionMessages, { id: session.session_id }, jasmine);
    expect(thread.items.map((message) => message.message)).toEqual(['Also, can I book the party room?', 'Is the pool open this weekend?']);
    // The team sees it in the inbox with a pending draft, and the assistant was asked for it.
    const inbox = await harness.call(ListInboxItems, { location_id: world.locationId }, world.owner);
    expect(inbox.items[0]).toMatchObject({ id: sent.id, message: 'Also, can I book the party room?', tenant: { id: world.tenant.id }, draft: { status: 'pending', version: 1 } });
    const outbox = async (subject: string) =>
      harness.row(`select 1 from "${harness.service.schema}"."outbox" where subject = $1 and envelope->'data'->>'messageId' = $2`, [subject, sent.id]);
    expect(await outbox(DraftRequested.subject)).toBeTruthy();
    expect(await outbox(MessageReceived.subject)).toBeTruthy();
    // The session is the most recently active of the resident's.
    expect((await harness.call(ListResidentSmsSessions, {}, jasmine)).items[0]!.last_message).toMatchObject({ id: sent.id });
  });

  it('signs the team\'s replies with the property\'s name, and leaves the resident\'s own messages as they are', async () => {
    const session = (await harness.call(ListResidentSmsSessions, {}, jasmine)).items[0]!;
    await harness.call(SendSmsResponse, { sessionId: session.session_id, response: 'Yes, the pool is open from 9 to 9.' }, world.owner);
    const thread = await harness.call(ListResidentSessionMessages, { id: session.session_id }, jasmine);
    expect(thread.items[0]).toMatchObject({ direction: 'outbound', role: 'property_manager', message: 'Yes, the pool is open from 9 to 9.', sender_name: '12 Elm Street' });
    expect(thread.items.filter((message) => message.direction === 'inbound').map((message) => message.sender_name)).toEqual(['Maria Lopez', 'Maria Lopez']);
  });

  it('stops showing a tenant\'s sessions once the tenant no longer has the resident\'s e-mail', async () => {
    await harness.publish(TenantUpdated, {
      locationId: other.locationId,
      accountId: other.owner.userId,
      ownerUserId: other.owner.userId,
      tenantId: other.tenant.id,
      unitId: other.tenant.unitId,
      buildingId: other.tenant.buildingId,
      fullName: other.tenant.fullName,
      phoneNumbers: [other.tenant.phone],
      emails: ['someone.else@example.com'],
      archived: false,
      changedAt: new Date().toISOString(),
    });
    await waitFor(async () => (await harness.call(ListResidentSmsSessions, {}, neighbour)).items.length === 0, { timeout: 20_000, description: 'tenant e-mail changed' });
  });
});
