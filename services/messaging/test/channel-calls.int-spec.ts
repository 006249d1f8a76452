import { jest } from '@jest/globals';
import {
  DRAFT_REGENERATED,
  DRAFT_STORED,
  GenerateEmailResponse,
  GetEmailThread,
  GetMessageDraft,
  ListEmails,
  ListEmailSessions,
  ListInboxItems,
  ListMessageSessions,
  ListSmsSessions,
  MESSAGE_SESSION_NOT_FOUND,
  NOT_AN_EMAIL_THREAD,
  REPLY_REQUIRED,
  StoreEmailManagerResponse,
} from '@pm/contracts';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(180_000);

/**
 * The spec's per-channel messaging calls (spec 001 §7): each answers what the unified call answers with the channel
 * fixed (the same use case), on real PostgreSQL and NATS, with SMS and e-mail coming in through the service's own
 * webhook and SMTP receiver. Who may call them is the access matrix's (access-matrix.int-spec.ts).
 */
let harness: MessagingHarness;
let world: MessagingWorld;
let other: MessagingWorld;
const STRANGER_MAIL = 'new.neighbour@example.org';
let smsSessionId: string;
let tenantMail: { id: string; sessionId: string };
let strangerSessionId: string;

async function messageOf(externalId: string): Promise<{ id: string; sessionId: string }> {
  const row = await harness.row<{ id: string; session_id: string }>(`select id, session_id from ${harness.table('message')} where external_id = $1`, [externalId]);
  return { id: row!.id, sessionId: row!.session_id };
}

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: 1024 * 1024, maxRecipients: 5 } });
  world = await harness.world();
  other = await harness.world();
  smsSessionId = (await messageOf(await harness.sms(world.tenant.phone, world.number, 'Is the pool open this weekend?'))).sessionId;
  const permit = await harness.email(world.tenant.email, world.email, 'Parking permit', 'Is my parking permit ready?');
  tenantMail = await messageOf(await harness.email(world.tenant.email, world.email, 'Re: Parking permit', 'I can pick it up on Monday.', { 'In-Reply-To': `<${permit}>` }));
  strangerSessionId = (await messageOf(await harness.email(STRANGER_MAIL, world.email, 'Viewing', 'Is the 2-bedroom still available?'))).sessionId;
  await harness.email(other.tenant.email, other.email, 'Keys', 'Where do I get keys?');
});

afterAll(async () => {
  await harness?.close();
});

describe('GET email-session/all and GET sms-session/all', () => {
  it("answer the location's sessions of one channel, as message-session/all does with that channel", async () => {
    const emails = await harness.call(ListEmailSessions, { location_id: world.locationId }, world.owner);
    expect(emails).toEqual(await harness.call(ListMessageSessions, { location_id: world.locationId, channel: 'email' }, world.owner));
    expect(emails.total).toBe(2);
    expect(emails.items.map((session) => session.session_id)).toEqual([strangerSessionId, tenantMail.sessionId]);
    expect(emails.items.every((session) => session.type === 'email' && session.property_location_id === world.locationId)).toBe(true);

    const sms = await harness.call(ListSmsSessions, { location_id: world.locationId }, world.owner);
    expect(sms).toEqual(await harness.call(ListMessageSessions, { location_id: world.locationId, channel: 'sms' }, world.owner));
    expect(sms.items.map((session) => [session.session_id, session.type])).toEqual([[smsSessionId, 'sms']]);
  });

  it("narrow to one tenant, page, and answer another account's location 404", async () => {
    const tenants = await harness.call(ListEmailSessions, { location_id: world.locationId, tenant_id: world.tenant.id }, world.owner);
    expect(tenants.items.map((session) => session.session_id)).toEqual([tenantMail.sessionId]);
    const first = await harness.call(ListEmailSessions, { location_id: world.locationId, limit: 1 }, world.owner);
    const second = await harness.call(ListEmailSessions, { location_id: world.locationId, limit: 1, cursor: first.next_cursor! }, world.owner);
    expect([...first.items, ...second.items].map((session) => session.session_id)).toEqual([strangerSessionId, tenantMail.sessionId]);
    expect(second.next_cursor).toBeNull();
    expect(await harness.failure(harness.call(ListEmailSessions, { location_id: other.locationId }, world.owner))).toEqual({ status: 404, message: 'Property location not found' });
    expect(await harness.failure(harness.call(ListSmsSessions, { location_id: other.locationId }, world.owner))).toEqual({ status: 404, message: 'Property location not found' });
  });
});

describe('GET email/{externalId}', () => {
  it('answers the e-mail thread: its session and its messages from the newest back', async () => {
    const thread = await harness.call(GetEmailThread, { externalId: tenantMail.sessionId }, world.owner);
    expect(thread.session).toMatchObject({ session_id: tenantMail.sessionId, type: 'email', tenant_id: world.tenant.id, property_location_id: world.locationId });
    expect(thread.messages.items.map((message) => message.message.trim())).toEqual(['I can pick it up on Monday.', 'Is my parking permit ready?']);
    const page = await harness.call(GetEmailThread, { externalId: tenantMail.sessionId, limit: 1 }, world.owner);
    expect(page.messages.items.map((message) => message.id)).toEqual([tenantMail.id]);
    expect(page.messages.next_cursor).not.toBeNull();
  });

  it("answers an SMS session 409, an unknown one and another account's 404", async () => {
    expect(await harness.failure(harness.call(GetEmailThread, { externalId: smsSessionId }, world.owner))).toEqual({ status: 409, message: NOT_AN_EMAIL_THREAD });
    expect(await harness.failure(harness.call(GetEmailThread, { externalId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0' }, world.owner))).toEqual({ status: 404, message: MESSAGE_SESSION_NOT_FOUND });
    expect(await harness.failure(harness.call(GetEmailThread, { externalId: tenantMail.sessionId }, other.owner))).toEqual({ status: 404, message: MESSAGE_SESSION_NOT_FOUND });
  });
});

describe('GET email/all', () => {
  it("answers the location's inbound e-mails, as conversation/inbox does for the e-mail channel, with its filter", async () => {
    const emails = await harness.call(ListEmails, { locationId: world.locationId }, world.owner);
    expect(emails).toEqual(await harness.call(ListInboxItems, { location_id: world.locationId, channel: 'email' }, world.owner));
    expect(emails.total).toBe(3);
    expect(emails.items.every((item) => item.type === 'email')).toBe(true);
    expect((await harness.call(ListEmails, { locationId: world.locationId, filterBy: 'completed' }, world.owner)).items).toEqual([]);
    expect(await harness.failure(harness.call(ListEmails, { locationId: other.locationId }, world.owner))).toEqual({ status: 404, message: 'Property location not found' });
  });
});

describe('POST email/manager-response', () => {
  it("stores the team's text as the latest draft version of the thread's last message from the tenant; nothing is sent", async () => {
    const answer = await harness.call(StoreEmailManagerResponse, { sessionId: tenantMail.sessionId, message: 'Yes, it is ready at the office.', propertyId: world.locationId }, world.owner);
    expect(answer).toMatchObject({ message: DRAFT_STORED, draft: { message_id: tenantMail.id, origin: 'edit', status: 'ready', reply: 'Yes, it is ready at the office.', edited_by: world.owner.userId } });
    const { versions } = await harness.call(GetMessageDraft, { id: tenantMail.id }, world.owner);
    expect(versions[0]).toEqual(answer.draft);
    const sends = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('outbound_delivery')} d join ${harness.table('message')} m on m.id = d.message_id where m.session_id = $1`, [tenantMail.sessionId]);
    expect(sends?.n).toBe('0');
  });

  it('refuses a blank text (400), an SMS session (409), and a property that is not the thread\'s (404)', async () => {
    expect(await harness.failure(harness.call(StoreEmailManagerResponse, { sessionId: tenantMail.sessionId, message: '   ' }, world.owner))).toEqual({ status: 400, message: REPLY_REQUIRED });
    expect(await harness.failure(harness.call(StoreEmailManagerResponse, { sessionId: smsSessionId, message: 'Yes.' }, world.owner))).toEqual({ status: 409, message: NOT_AN_EMAIL_THREAD });
    expect(await harness.failure(harness.call(StoreEmailManagerResponse, { sessionId: tenantMail.sessionId, message: 'Yes.', propertyId: other.locationId }, world.owner))).toEqual({ status: 404, message: MESSAGE_SESSION_NOT_FOUND });
  });
});

describe('POST email/generate', () => {
  it("asks the assistant for a new draft of the reply to the thread's last message from the tenant (pending until it answers)", async () => {
    const answer = await harness.call(GenerateEmailResponse, { session_id: tenantMail.sessionId, location_id: world.locationId, tenant_id: world.tenant.id }, world.owner);
    expect(answer).toMatchObject({ message: DRAFT_REGENERATED, draft: { message_id: tenantMail.id, origin: 'regenerate', status: 'pending', reply: null } });
    const { versions } = await harness.call(GetMessageDraft, { id: tenantMail.id }, world.owner);
    expect(versions[0]).toEqual(answer.draft);
  });

  it('drafts for the message named, and answers a tenant or location that is not the thread\'s 404', async () => {
    const first = (await harness.call(GetEmailThread, { externalId: tenantMail.sessionId }, world.owner)).messages.items[1]!;
    const answer = await harness.call(GenerateEmailResponse, { session_id: tenantMail.sessionId, message: first.id }, world.owner);
    expect(answer.draft.message_id).toBe(first.id);
    expect(await harness.failure(harness.call(GenerateEmailResponse, { session_id: tenantMail.sessionId, tenant_id: other.tenant.id }, world.owner))).toEqual({ status: 404, message: MESSAGE_SESSION_NOT_FOUND });
    expect(await harness.failure(harness.call(GenerateEmailResponse, { session_id: strangerSessionId, location_id: other.locationId }, world.owner))).toEqual({ status: 404, message: MESSAGE_SESSION_NOT_FOUND });
    expect(await harness.failure(harness.call(GenerateEmailResponse, { session_id: smsSessionId }, world.owner))).toEqual({ status: 409, message: NOT_AN_EMAIL_THREAD });
  });
});
