import { jest } from '@jest/globals';
import { ListMessageSessions, SearchInbox, type RequestInputOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(180_000);

/**
 * GET conversation/inbox/search on real PostgreSQL (the migration's full-text column and index) and NATS: messages
 * come in through the signed SMS webhook and the SMTP receiver, and the search is asked as the BFF asks it. Two
 * accounts write the same words; each sees only its own location's sessions.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
let other: MessagingWorld;
const STRANGER = '+15559991234';

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcFailure) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

let sessions: { tenantSms: string; strangerSms: string; tenantMail: string };

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: 1024 * 1024, maxRecipients: 5 } });
  world = await harness.world();
  other = await harness.world();
  await harness.sms(world.tenant.phone, world.number, 'The radiator in the bedroom is cold again');
  await harness.sms(world.tenant.phone, world.number, 'Also, when is trash day?');
  await harness.sms(STRANGER, world.number, 'Is the two-bedroom apartment still available?');
  await harness.email(world.tenant.email, world.email, 'Parking permit renewal', 'Could you renew my parking permit for next year?');
  // The other account's tenant writes the very same words to their own location.
  await harness.sms(other.tenant.phone, other.number, 'The radiator in the bedroom is cold again');
  const all = await harness.call(ListMessageSessions, { location_id: world.locationId }, world.owner);
  const find = (predicate: (s: (typeof all.items)[number]) => boolean) => all.items.find(predicate)!.session_id;
  sessions = {
    tenantSms: find((s) => s.type === 'sms' && s.tenant_id === world.tenant.id),
    strangerSms: find((s) => s.from.source === STRANGER),
    tenantMail: find((s) => s.type === 'email'),
  };
});

afterAll(async () => {
  await harness?.close();
});

const search = (request: Omit<RequestInputOf<typeof SearchInbox>, 'location_id'>, on = world, as = world.owner) =>
  harness.call(SearchInbox, { location_id: on.locationId, ...request }, as);
const ids = async (q: string, extra: Omit<RequestInputOf<typeof SearchInbox>, 'location_id' | 'q'> = {}) => (await search({ q, ...extra })).items.map((item) => item.session_id);

describe('the inbox search', () => {
  it('finds a message by its words, as word prefixes in any letter case, with the newest matching message', async () => {
    const page = await search({ q: 'RADIAT bedr' });
    expect(page.total).toBe(1);
    expect(page.items).toHaveLength(1);
    const [hit] = page.items;
    expect(hit).toMatchObject({
      session_id: sessions.tenantSms,
      property_location_id: world.locationId,
      tenant: { id: world.tenant.id, full_name: 'Maria Lopez' },
      match: { message: 'The radiator in the bedroom is cold again', role: 'tenant' },
    });
    // The session's last message is the later one about trash day; the match says why the session was found.
    expect(hit!.last_message?.message).toBe('Also, when is trash day?');
    // Every word must be in one message: these two words are in different messages of the session.
    expect(await ids('radiator trash')).toEqual([]);
    expect(await ids('nothing-like-this')).toEqual([]);
  });

  it('finds sessions by the sender: tenant name, phone in any notation, e-mail address, and by the e-mail subject', async () => {
    expect((await ids('maria lopez')).sort()).toEqual([sessions.tenantSms, sessions.tenantMail].sort());
    const digits = STRANGER.slice(2);
    expect(await ids(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`)).toEqual([sessions.strangerSms]);
    expect(await ids(digits.slice(-4))).toEqual([sessions.strangerSms]);
    expect(await ids(world.tenant.email.toUpperCase())).toEqual([sessions.tenantMail]);
    const byName = (await search({ q: 'parking permit' })).items;
    expect(byName.map((item) => item.session_id)).toEqual([sessions.tenantMail]);
    expect(byName[0]!.match?.message.trim()).toBe('Could you renew my parking permit for next year?');
    // A session found by its sender alone carries no matching message.
    expect((await search({ q: STRANGER })).items[0]!.match).toBeNull();
  });

  it('narrows by channel and pages by cursor', async () => {
    expect(await ids('maria', { channel: 'email' })).toEqual([sessions.tenantMail]);
    expect(await ids('maria', { channel: 'sms' })).toEqual([sessions.tenantSms]);
    const first = await search({ q: 'maria', limit: 1 });
    expect(first.total).toBe(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await search({ q: 'maria', limit: 1, cursor: first.next_cursor! });
    expect(second.next_cursor).toBeNull();
    expect([first.items[0]!.session_id, second.items[0]!.session_id].sort()).toEqual([sessions.tenantSms, sessions.tenantMail].sort());
  });

  it("takes what people type literally: LIKE wildcards, quotes and tsquery operators match nothing they do not say", async () => {
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    // Operators are only separators: `!` does not negate "cold", and `|` is no "or" (both words must be there).
    expect(await ids("radiator' | !cold & (")).toEqual([sessions.tenantSms]);
    expect(await ids('radiator:* | trash')).toEqual([]);
    expect(await ids('!!! ???')).toEqual([]);
  });

  it('refuses a blank, too long or control-character search, and a foreign cursor (400)', async () => {
    expect(await failure(search({ q: '   ' }))).toEqual({ status: 400, message: 'Search is required' });
    expect(await failure(search({ q: 'a'.repeat(201) }))).toEqual({ status: 400, message: 'Search must be at most 200 characters' });
    expect(await failure(search({ q: 'radiator\u0000' }))).toEqual({ status: 400, message: 'Search contains characters that are not allowed' });
    expect(await failure(search({ q: 'radi\u202Eator' }))).toEqual({ status: 400, message: 'Search contains characters that are not allowed' });
    expect(await failure(search({ q: 'radiator', cursor: 'bm90LW91cnM' }))).toEqual({ status: 400, message: 'Invalid cursor' });
    expect((await search({ q: 'a'.repeat(200) })).items).toEqual([]);
  });

  it("never shows another account's messages: each owner finds only their own, and the other's location is 404", async () => {
    const mine = await search({ q: 'radiator' });
    const theirs = await search({ q: 'radiator' }, other, other.owner);
    expect(mine.items.map((item) => item.property_location_id)).toEqual([world.locationId]);
    expect(theirs.items.map((item) => item.property_location_id)).toEqual([other.locationId]);
    expect(theirs.items[0]!.session_id).not.toBe(sessions.tenantSms);
    expect(await failure(search({ q: 'radiator' }, other, world.owner))).toEqual({ status: 404, message: 'Property location not found' });
    expect(await failure(search({ q: 'radiator' }, world, other.partners.MANAGER))).toEqual({ status: 404, message: 'Property location not found' });
    // Within the account: a viewer reads messages, a vendor does not.
    expect((await search({ q: 'radiator' }, world, world.partners.VIEWER)).total).toBe(1);
    expect((await failure(search({ q: 'radiator' }, world, world.partners.VENDOR))).status).toBe(403);
  });
});
