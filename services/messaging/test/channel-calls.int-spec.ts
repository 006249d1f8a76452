import { jest } from '@jest/globals';
import {
  GetEmailThread,
  ListEmailSessions,
  ListMessageSessions,
  MESSAGE_SESSION_NOT_FOUND,
  NOT_AN_EMAIL_THREAD,
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

describe('GET email-session/all', () => {
  it("answers the location's e-mail threads, as message-session/all does with channel=email", async () => {
    const emails = await harness.call(ListEmailSessions, { location_id: world.locationId }, world.owner);
    expect(emails).toEqual(await harness.call(ListMessageSessions, { location_id: world.locationId, channel: 'email' }, world.owner));
    expect(emails.total).toBe(2);
    expect(emails.items.map((session) => session.session_id)).toEqual([strangerSessionId, tenantMail.sessionId]);
    expect(emails.items.every((session) => session.type === 'email' && session.property_location_id === world.locationId)).toBe(true);
  });

  it("narrows to one tenant, pages, and answers another account's location 404", async () => {
    const tenants = await harness.call(ListEmailSessions, { location_id: world.locationId, tenant_id: world.tenant.id }, world.owner);
    expect(tenants.items.map((session) => session.session_id)).toEqual([tenantMail.sessionId]);
    const first = await harness.call(ListEmailSessions, { location_id: world.locationId, limit: 1 }, world.owner);
    const second = await harness.call(ListEmailSessions, { location_id: world.locationId, limit: 1, cursor: first.next_cursor! }, world.owner);
    expect([...first.items, ...second.items].map((session) => session.session_id)).toEqual([strangerSessionId, tenantMail.sessionId]);
    expect(second.next_cursor).toBeNull();
    expect(await harness.failure(harness.call(ListEmailSessions, { location_id: other.locationId }, world.owner))).toEqual({ status: 404, message: 'Property location not found' });
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
