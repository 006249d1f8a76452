import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import {
  ArchiveConversation,
  ArchiveVendorConversation,
  CONVERSATION_ARCHIVED,
  CONVERSATION_MESSAGE_SENT,
  CONVERSATION_NOT_FOUND,
  CONVERSATION_PARTICIPANTS_REQUIRED,
  CONVERSATION_PHONE_FORMAT,
  CONVERSATION_PHONE_NOT_FOUND,
  CONVERSATION_PROPERTY_PHONE_AS_PARTICIPANT,
  CONVERSATION_TITLE_TOO_SHORT,
  CONVERSATION_TOO_MANY_PARTICIPANTS,
  CreateGroupConversation,
  GetConversation,
  GetInboxUnreadCount,
  GROUP_CONVERSATION_CREATED,
  ListConversations,
  ListInboxItems,
  ListMessageSessions,
  ListVendorConversations,
  MarkMessageSessionRead,
  PartnerUpdated,
  SEND_IN_THE_CONVERSATION,
  SendConversationMessage,
  SendSmsResponse,
  type RequestInputOf,
} from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * Vendor and group conversations end to end on real PostgreSQL and NATS (the file's own): texts in through the
 * signed SMS webhook, sends through the outbox and the service's own dispatcher to the sandbox carrier's phone table.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
let other: MessagingWorld;

const plumber = { phone: '+15557770101', name: 'Rapid Rooter Plumbing' };
const roofer = '+15558880101';
const electrician = '+15558880102';

beforeAll(async () => {
  harness = await MessagingHarness.start({ env: { OUTBOUND_POLL_MS: '100' } });
  world = await harness.world();
  other = await harness.world();
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

/** A partner of the world's location as portfolio announces them, once messaging's directory has them. */
async function vendorPartner(w: MessagingWorld, phone: string, fullName: string): Promise<string> {
  const partnerId = uuidv7();
  await harness.publish(PartnerUpdated, { partnerId, accountId: w.owner.userId, userId: null, fullName, email: `${partnerId}@example.com`, phone, role: 'VENDOR', isEmergencyContact: false, locationIds: [w.locationId] });
  await waitFor(() => harness.row(`select 1 from ${harness.table('partner_directory')} where partner_id = $1`, [partnerId]), { timeout: 20_000, description: 'vendor copied' });
  return partnerId;
}

/** What the sandbox carrier delivered to a phone from a number, with this text. */
function delivered(to: string, from: string, body: string) {
  return waitFor(() => harness.row<{ body: string }>(`select body from ${harness.table('sandbox_phone_message')} where to_number = $1 and from_number = $2 and body = $3`, [to, from, body]), {
    timeout: 20_000,
    description: `${to} got "${body}"`,
  });
}

async function messageOf(sid: string) {
  return (await harness.row<{ id: string; session_id: string; role: string; sender_name: string | null }>(
    `select id, session_id, role, sender_name from ${harness.table('message')} where external_id = $1`,
    [sid],
  ))!;
}

function group(w: MessagingWorld, input: Partial<RequestInputOf<typeof CreateGroupConversation>> = {}) {
  return harness.call(
    CreateGroupConversation,
    { friendlyName: 'Roof repair, Building A', propertyPhone: w.number, participants: [{ phoneNumber: roofer }, { phoneNumber: electrician }], ...input },
    w.owner,
  );
}

describe('group conversations', () => {
  it('are created with de-duplicated participants, send to every participant, and relay what a participant writes to the others', async () => {
    const created = await group(world, { participants: [{ phoneNumber: ` ${roofer} ` }, { phoneNumber: electrician }, { phoneNumber: roofer }, { phoneNumber: world.tenant.phone }] });
    expect(created.message).toBe(GROUP_CONVERSATION_CREATED);
    const conversation = created.conversation;
    expect(conversation).toMatchObject({
      kind: 'group',
      conversation_sid: conversation.id,
      friendly_name: 'Roof repair, Building A',
      propertyPhone: world.number,
      property_location_id: world.locationId,
      property_email: world.email,
      archived: false,
      status: 'needs_response',
      unread_count: 0,
      last_message: null,
      participants: [
        { phoneNumber: roofer, name: null },
        { phoneNumber: electrician, name: null },
        { phoneNumber: world.tenant.phone, name: world.tenant.fullName },
      ],
    });

    const text = 'The roofer arrives at 9 tomorrow; please keep the side gate open.';
    const sent = await harness.call(SendConversationMessage, { id: conversation.id, content: `  ${text}\n` }, world.owner);
    expect(sent).toMatchObject({ message: CONVERSATION_MESSAGE_SENT, recipients: 3, conversation_message: { direction: 'outbound', role: 'property_manager', message: text } });
    for (const phone of [roofer, electrician, world.tenant.phone]) await delivered(phone, world.number, text);
    const deliveries = await harness.db.query<{ purpose: string; requested_by: string }>(
      `select purpose, requested_by from ${harness.table('outbound_delivery')} where message_id = $1`,
      [sent.conversation_message.id],
    );
    expect(deliveries.rows).toEqual(Array(3).fill({ purpose: 'group', requested_by: world.owner.userId }));

    // The roofer answers the location's number: the text joins the group and reaches the two others, named by phone.
    const sid = await harness.sms(roofer, world.number, 'Got it, see you at 9.');
    const answer = await messageOf(sid);
    expect(answer).toMatchObject({ session_id: conversation.id, role: 'participant' });
    await delivered(electrician, world.number, `${roofer}: Got it, see you at 9.`);
    await delivered(world.tenant.phone, world.number, `${roofer}: Got it, see you at 9.`);
    const relays = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('outbound_delivery')} where dedupe_key like $1`, [`group-relay:${answer.id}:%`]);
    expect(relays!.n).toBe('2');
    // No AI draft for a conversation message.
    expect(await harness.row(`select 1 from ${harness.table('message_draft')} where message_id = $1`, [answer.id])).toBeUndefined();

    const thread = await harness.call(GetConversation, { conversation_sid: conversation.id }, world.owner);
    expect(thread.messages.items.map((m) => [m.direction, m.role, m.message])).toEqual([
      ['inbound', 'participant', 'Got it, see you at 9.'],
      ['outbound', 'property_manager', text],
    ]);
    expect(thread).toMatchObject({ unread_count: 1, last_message: { role: 'participant', message: 'Got it, see you at 9.' } });
    // The same MessageSid again stores and relays nothing more.
    await harness.sms(roofer, world.number, 'Got it, see you at 9.', { MessageSid: sid });
    expect((await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('message')} where external_id = $1`, [sid]))!.n).toBe('1');
    expect((await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('outbound_delivery')} where dedupe_key like $1`, [`group-relay:%`]))!.n).toBe('2');

    // Group messages are the Conversations page's: counted unread, not on Inbound Messages or among the sessions.
    const unread = await harness.call(GetInboxUnreadCount, { location_id: world.locationId }, world.owner);
    const inbox = await harness.call(ListInboxItems, { location_id: world.locationId }, world.owner);
    expect(inbox.items.map((i) => i.id)).not.toContain(answer.id);
    const sessions = await harness.call(ListMessageSessions, { location_id: world.locationId }, world.owner);
    expect(sessions.items.map((s) => s.session_id)).not.toContain(conversation.id);
    expect((await harness.call(MarkMessageSessionRead, { id: conversation.id }, world.owner)).unreadCount).toBe(unread.unreadCount - 1);
    // The inbox's SMS reply is not the way to a group: it would reach one phone.
    expect(await failure(harness.call(SendSmsResponse, { sessionId: conversation.id, response: 'Hello' }, world.owner))).toEqual({ status: 409, message: SEND_IN_THE_CONVERSATION });
  });

  it('a tenant who is also in an open group stays in the tenant inbox (with a draft); the latest open group wins; an archived group takes no text', async () => {
    const first = (await group(world, { friendlyName: 'Gutters', participants: [{ phoneNumber: '+15558880201' }, { phoneNumber: world.tenant.phone }] })).conversation;
    const second = (await group(world, { friendlyName: 'Parking lot paving', participants: [{ phoneNumber: '+15558880201' }, { phoneNumber: '+15558880202' }] })).conversation;
    const fromTenant = await messageOf(await harness.sms(world.tenant.phone, world.number, 'Is the pool open today?'));
    expect(fromTenant.role).toBe('tenant');
    expect(await harness.row(`select 1 from ${harness.table('message_draft')} where message_id = $1`, [fromTenant.id])).toBeDefined();

    expect((await messageOf(await harness.sms('+15558880201', world.number, 'Paving starts Monday'))).session_id).toBe(second.id);
    await harness.call(ArchiveConversation, { conversationSid: second.id }, world.owner);
    expect((await messageOf(await harness.sms('+15558880201', world.number, 'Gutters are clear'))).session_id).toBe(first.id);
    await harness.call(ArchiveConversation, { conversationSid: first.id }, world.owner);
    const stranger = await messageOf(await harness.sms('+15558880201', world.number, 'Anyone there?'));
    expect(stranger).toMatchObject({ role: 'tenant' });
    expect([first.id, second.id]).not.toContain(stranger.session_id);
  });

  it('refuse bad titles and participants with the spec texts (400) and a number that is not the caller’s (404)', async () => {
    const cases: [Partial<RequestInputOf<typeof CreateGroupConversation>>, string][] = [
      [{ friendlyName: '' }, 'Title is required'],
      [{ friendlyName: ' ab ' }, CONVERSATION_TITLE_TOO_SHORT],
      [{ friendlyName: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
      [{ propertyPhone: '4155550123' }, CONVERSATION_PHONE_FORMAT],
      [{ participants: [] }, CONVERSATION_PARTICIPANTS_REQUIRED],
      [{ participants: [{ phoneNumber: '+1555888010' }] }, CONVERSATION_PHONE_FORMAT],
      [{ participants: [{ phoneNumber: '+445558880101' }] }, CONVERSATION_PHONE_FORMAT],
      [{ participants: [{ phoneNumber: '(555) 888-0101' }] }, CONVERSATION_PHONE_FORMAT],
      [{ participants: Array.from({ length: 11 }, (_, i) => ({ phoneNumber: `+1555888${String(1000 + i)}` })) }, CONVERSATION_TOO_MANY_PARTICIPANTS],
      [{ participants: [{ phoneNumber: world.number }] }, CONVERSATION_PROPERTY_PHONE_AS_PARTICIPANT],
    ];
    const before = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('conversation')}`);
    for (const [input, message] of cases) expect(await failure(group(world, input))).toEqual({ status: 400, message });
    // Another account's number, and a number no location has: the same 404.
    expect(await failure(group(world, { propertyPhone: other.number }))).toEqual({ status: 404, message: CONVERSATION_PHONE_NOT_FOUND });
    expect(await failure(group(world, { propertyPhone: '+14155550999' }))).toEqual({ status: 404, message: CONVERSATION_PHONE_NOT_FOUND });
    expect(await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('conversation')}`)).toEqual(before);
    // A blank message to a group.
    const conversation = (await group(world)).conversation;
    expect(await failure(harness.call(SendConversationMessage, { id: conversation.id, content: '  ' }, world.owner))).toEqual({ status: 400, message: 'Message is required.' });
  });

  it('a retry with the same Idempotency-Key creates one group and sends one message', async () => {
    const createKey = randomUUID();
    const create = () =>
      harness.service.client.request(
        CreateGroupConversation,
        { friendlyName: 'Boiler service', propertyPhone: world.number, participants: [{ phoneNumber: '+15558880301' }] },
        { authorization: world.owner.authorization, idempotencyKey: createKey },
      );
    const [a, b] = [await create(), await create()];
    expect(b.conversation.id).toBe(a.conversation.id);
    expect((await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('conversation')} where friendly_name = 'Boiler service'`))!.n).toBe('1');

    const sendKey = randomUUID();
    const send = () =>
      harness.service.client.request(SendConversationMessage, { id: a.conversation.id, content: 'The technician comes at noon.' }, { authorization: world.owner.authorization, idempotencyKey: sendKey });
    const [x, y] = [await send(), await send()];
    expect(y.conversation_message.id).toBe(x.conversation_message.id);
    const sends = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('outbound_delivery')} where to_address = '+15558880301'`);
    expect(sends!.n).toBe('1');
  });
});

describe('vendor conversations', () => {
  it('a vendor partner texting opens their conversation (not the tenant inbox); the team answers it; archive makes it done', async () => {
    const partnerId = await vendorPartner(world, plumber.phone, plumber.name);
    const sid = await harness.sms(plumber.phone, world.number, 'On my way to unit 4B, there in 20 minutes.');
    const message = await messageOf(sid);
    expect(message).toMatchObject({ role: 'vendor', sender_name: plumber.name });
    expect(await harness.row(`select 1 from ${harness.table('message_draft')} where message_id = $1`, [message.id])).toBeUndefined();

    const vendors = await harness.call(ListVendorConversations, { location_id: world.locationId }, world.owner);
    expect(vendors.items).toHaveLength(1);
    const conversation = vendors.items[0]!;
    expect(conversation).toMatchObject({
      id: message.session_id,
      kind: 'vendor',
      friendly_name: plumber.name,
      vendor: { partner_id: partnerId, full_name: plumber.name },
      participants: [{ phoneNumber: plumber.phone, name: plumber.name }],
      propertyPhone: world.number,
      property_email: world.email,
      archived: false,
      status: 'needs_response',
      unread_count: 1,
      last_message: { role: 'vendor', message: 'On my way to unit 4B, there in 20 minutes.' },
    });
    // On Inbound Messages under Vendors, not Tenants; the session is of type vendor.
    const fromVendors = await harness.call(ListInboxItems, { location_id: world.locationId, from: 'vendors' }, world.owner);
    expect(fromVendors.items.map((i) => i.id)).toEqual([message.id]);
    const fromTenants = await harness.call(ListInboxItems, { location_id: world.locationId, from: 'tenants' }, world.owner);
    expect(fromTenants.items.map((i) => i.id)).not.toContain(message.id);
    const sessions = await harness.call(ListMessageSessions, { location_id: world.locationId }, world.owner);
    expect(sessions.items.find((s) => s.session_id === conversation.id)).toMatchObject({ type: 'vendor' });

    // A second text joins the same conversation.
    expect((await messageOf(await harness.sms(plumber.phone, world.number, 'Fixed, the valve was worn.'))).session_id).toBe(conversation.id);

    const sent = await harness.call(SendConversationMessage, { id: conversation.id, content: 'Thank you! Please send the invoice.' }, world.owner);
    expect(sent.recipients).toBe(1);
    await delivered(plumber.phone, world.number, 'Thank you! Please send the invoice.');
    const purpose = await harness.row<{ purpose: string }>(`select purpose from ${harness.table('outbound_delivery')} where message_id = $1`, [sent.conversation_message.id]);
    expect(purpose!.purpose).toBe('vendor');

    // The vendor-only route archives it: done, its messages completed; again changes nothing more.
    const archived = await harness.call(ArchiveVendorConversation, { conversation_sid: conversation.id }, world.owner);
    expect(archived).toMatchObject({ message: CONVERSATION_ARCHIVED, conversation: { archived: true, status: 'done' } });
    expect((await harness.call(ArchiveConversation, { conversationSid: conversation.id }, world.owner)).conversation.status).toBe('done');
    const audits = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('message_audit')} where session_id = $1 and action = 'conversation_archived'`, [conversation.id]);
    expect(audits!.n).toBe('1');
    const completed = await harness.call(ListInboxItems, { location_id: world.locationId, from: 'vendors', filter: 'completed' }, world.owner);
    expect(completed.items.map((i) => i.id)).toContain(message.id);

    // A later text opens it again.
    await harness.sms(plumber.phone, world.number, 'Invoice sent.');
    expect((await harness.call(GetConversation, { conversation_sid: conversation.id }, world.owner)).status).toBe('needs_response');
    const all = await harness.call(ListConversations, { location_id: world.locationId }, world.owner);
    expect(all.items.map((c) => c.kind)).toEqual(expect.arrayContaining(['vendor', 'group']));
    expect(all.items[0]!.id).toBe(conversation.id);
  });

  it("another account's conversation is 404 on every call; a group id on the vendor route is 404; a viewer may read but not send", async () => {
    const theirs = (await group(other)).conversation;
    const mine = (await group(world)).conversation;
    for (const call of [
      harness.call(GetConversation, { conversation_sid: theirs.id }, world.owner),
      harness.call(SendConversationMessage, { id: theirs.id, content: 'Hello' }, world.owner),
      harness.call(ArchiveConversation, { conversationSid: theirs.id }, world.owner),
      harness.call(ArchiveVendorConversation, { conversation_sid: theirs.id }, world.owner),
      harness.call(ArchiveVendorConversation, { conversation_sid: mine.id }, world.owner),
      harness.call(GetConversation, { conversation_sid: 'not-a-conversation' }, world.owner),
    ]) {
      expect(await failure(call)).toEqual({ status: 404, message: CONVERSATION_NOT_FOUND });
    }
    const theirList = await harness.call(ListConversations, { location_id: other.locationId }, other.owner);
    expect(theirList.items.map((c) => c.id)).not.toContain(mine.id);
    expect((await harness.call(GetConversation, { conversation_sid: mine.id }, world.partners.VIEWER)).id).toBe(mine.id);
    expect((await failure(harness.call(SendConversationMessage, { id: mine.id, content: 'Hello' }, world.partners.VIEWER))).status).toBe(403);
  });
});
