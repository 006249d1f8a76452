import { jest } from '@jest/globals';
import {
  GetInboxUnreadCount,
  GetMessageSession,
  ListInboxItems,
  ListMessageSessions,
  ListSessionMessages,
  MarkMessageSessionRead,
  PartnerRemoved,
  TenantUpdated,
  type InboxItem,
  type RequestInputOf,
} from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(180_000);

/**
 * The inbox read model through its calls, on real PostgreSQL and NATS: messages come in through the signed SMS
 * webhook, tenants and grants from portfolio's events, and every list, thread, count and read state is read back
 * through the service's request handlers as the BFF calls them.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
const UNKNOWN = '+15559990000';
const MEDIA = 'https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM0/Media/ME0';

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcFailure) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  harness = await MessagingHarness.start();
  world = await harness.world();
});

afterAll(async () => {
  await harness?.close();
});

describe('the Inbound Messages list', () => {
  let sids: string[];

  beforeAll(async () => {
    sids = [
      await harness.sms(world.tenant.phone, world.number, 'Hi, when is trash day?'),
      await harness.sms(world.tenant.phone, world.number, 'Here is the broken window', { NumMedia: '1', MediaUrl0: MEDIA, MediaContentType0: 'image/jpeg' }),
      await harness.sms(UNKNOWN, world.number, 'Is the 2-bedroom still available?'),
    ];
  });

  it('lists the location\'s inbound messages newest first, with their sender, tenant and inbox state', async () => {
    const page = await harness.call(ListInboxItems, { location_id: world.locationId }, world.owner);
    expect(page.total).toBe(3);
    expect(page.next_cursor).toBeNull();
    expect(page.items.map((item) => item.external_id)).toEqual([...sids].reverse());
    const [unknown, window] = page.items as [InboxItem, InboxItem, InboxItem];
    expect(window).toEqual({
      id: expect.any(String),
      session_id: expect.any(String),
      type: 'sms',
      external_id: sids[1],
      role: 'tenant',
      message: 'Here is the broken window',
      sender_name: 'Maria Lopez',
      from: world.tenant.phone,
      // An SMS comes through the provider's signed webhook: its sender is the provider's word.
      sender_verified: true,
      tenant: { id: world.tenant.id, full_name: 'Maria Lopez', unit_id: world.tenant.unitId, building_id: world.tenant.buildingId },
      media: [{ url: MEDIA, content_type: 'image/jpeg' }],
      attachments: [],
      status: 'needs_response',
      urgent: false,
      replied_to: false,
      archived: false,
      read: false,
      draft: { status: 'pending', version: 1, reply: null, failure: null, sources: [], near_misses: [], outcome: null },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(unknown).toMatchObject({ from: UNKNOWN, tenant: null, sender_name: null, role: 'tenant' });
  });

  it('filters by sender kind, channel and the spec\'s in progress / completed / emergency', async () => {
    const ids = async (request: Omit<RequestInputOf<typeof ListInboxItems>, 'location_id'>) =>
      (await harness.call(ListInboxItems, { location_id: world.locationId, ...request }, world.owner)).items.map((item) => item.external_id);
    expect(await ids({ from: 'tenants' })).toHaveLength(3);
    expect(await ids({ from: 'vendors' })).toEqual([]);
    expect(await ids({ channel: 'email' })).toEqual([]);
    expect(await ids({ channel: 'sms' })).toHaveLength(3);
    // An empty query value is a choice not made (the BFF leaves `?channel=` out; a direct caller may send it).
    expect(await ids({ channel: '', from: '', filter: '' })).toHaveLength(3);

    // No call sets these yet (drafts and answers come with their features): the rows say what they will.
    await harness.db.query(`update ${harness.table('message')} set archived_at = now() where external_id = $1`, [sids[0]]);
    await harness.db.query(`update ${harness.table('message')} set urgent = true where external_id = $1`, [sids[1]]);
    expect(await ids({ filter: 'completed' })).toEqual([sids[0]]);
    expect(await ids({ filter: 'emergency' })).toEqual([sids[1]]);
    expect(await ids({ filter: 'in_progress' })).toEqual([sids[2], sids[1]]);
    const archived = (await harness.call(ListInboxItems, { location_id: world.locationId, filter: 'completed' }, world.owner)).items[0]!;
    expect(archived).toMatchObject({ status: 'done', archived: true, replied_to: false });
    await harness.db.query(`update ${harness.table('message')} set archived_at = null, urgent = false where external_id = any($1)`, [sids]);
  });

  it('shows the tenant as they are now, and keeps the name the message came with', async () => {
    await harness.publish(TenantUpdated, {
      locationId: world.locationId,
      accountId: world.owner.userId,
      ownerUserId: world.owner.userId,
      tenantId: world.tenant.id,
      unitId: world.tenant.unitId,
      buildingId: world.tenant.buildingId,
      fullName: 'Maria Lopez-Garcia',
      phoneNumbers: [world.tenant.phone],
      archived: false,
      changedAt: new Date().toISOString(),
    });
    await waitFor(() => harness.row(`select 1 from ${harness.table('tenant_directory')} where full_name = 'Maria Lopez-Garcia'`), { timeout: 15_000, description: 'rename copied' });
    const item = (await harness.call(ListInboxItems, { location_id: world.locationId, from: 'tenants' }, world.owner)).items.find((i) => i.external_id === sids[0])!;
    expect(item).toMatchObject({ sender_name: 'Maria Lopez', tenant: { full_name: 'Maria Lopez-Garcia' } });
  });

  it('pages with a cursor that a message arriving between pages does not shift', async () => {
    const first = await harness.call(ListInboxItems, { location_id: world.locationId, limit: 2 }, world.owner);
    expect(first.items.map((item) => item.external_id)).toEqual([sids[2], sids[1]]);
    expect(first.next_cursor).not.toBeNull();
    const late = await harness.sms(UNKNOWN, world.number, 'Hello?');
    const second = await harness.call(ListInboxItems, { location_id: world.locationId, limit: 2, cursor: first.next_cursor! }, world.owner);
    expect(second.items.map((item) => item.external_id)).toEqual([sids[0]]);
    expect(second).toMatchObject({ next_cursor: null, total: 4 });
    await harness.db.query(`delete from ${harness.table('message')} where external_id = $1`, [late]);
  });

  it('answers bad requests with 400 and the reason', async () => {
    expect(await failure(harness.call(ListInboxItems, { location_id: world.locationId, cursor: 'WyJub3QtYS10aW1lIiwieCJd' }, world.owner))).toEqual({ status: 400, message: 'Invalid cursor' });
    expect(await failure(harness.call(ListInboxItems, { location_id: world.locationId, cursor: 'not base64 at all!' }, world.owner))).toEqual({ status: 400, message: 'Invalid cursor' });
    expect(await failure(harness.call(ListInboxItems, { location_id: '' }, world.owner))).toEqual({ status: 400, message: 'No location selected' });
    expect(
      await failure(harness.call(ListInboxItems, { location_id: world.locationId, filter: 'urgent' as never }, world.owner)),
    ).toEqual({ status: 400, message: 'Filter must be one of all, in_progress, completed, emergency' });
    expect(await failure(harness.call(ListInboxItems, { location_id: world.locationId, limit: 500 }, world.owner))).toEqual({
      status: 400,
      message: 'Limit must be a whole number from 1 to 200',
    });
    expect(await failure(harness.call(GetMessageSession, { id: 'nope' }, world.owner))).toEqual({ status: 404, message: 'Message session not found' });
    expect(await failure(harness.call(GetMessageSession, { id: uuidv7() }, world.owner))).toEqual({ status: 404, message: 'Message session not found' });
  });
});

describe('sessions, threads and read state', () => {
  let local: MessagingWorld;

  beforeAll(async () => {
    local = await harness.world();
    await harness.sms(local.tenant.phone, local.number, 'First');
    await harness.sms(local.tenant.phone, local.number, 'Second', { NumMedia: '1', MediaUrl0: MEDIA, MediaContentType0: 'image/png' });
    await harness.sms(UNKNOWN, local.number, 'Who is this?');
  });

  it('lists one session per tenant or unknown sender, the most recently active first, with its thread', async () => {
    const sessions = await harness.call(ListMessageSessions, { location_id: local.locationId }, local.owner);
    expect(sessions.total).toBe(2);
    const [stranger, tenant] = sessions.items;
    expect(stranger).toMatchObject({ type: 'sms', tenant_id: null, tenant: null, from: { name: null, source: UNKNOWN, to: local.number }, unread_count: 1 });
    expect(tenant).toMatchObject({
      type: 'sms',
      tenant_id: local.tenant.id,
      tenant: { id: local.tenant.id, full_name: 'Maria Lopez' },
      building_id: local.tenant.buildingId,
      property_location_id: local.locationId,
      from: { name: 'Maria Lopez', source: local.tenant.phone, to: local.number },
      subject: null,
      status: 'needs_response',
      urgent: false,
      unread_count: 2,
      last_message: { message: 'Second', role: 'tenant' },
    });
    expect(await harness.call(GetMessageSession, { id: tenant!.session_id }, local.owner)).toEqual(tenant);
    expect((await harness.call(ListMessageSessions, { location_id: local.locationId, channel: 'email' }, local.owner)).items).toEqual([]);

    const newest = await harness.call(ListSessionMessages, { id: tenant!.session_id, limit: 1 }, local.owner);
    expect(newest.items).toEqual([
      expect.objectContaining({ message: 'Second', direction: 'inbound', role: 'tenant', sender_name: 'Maria Lopez', media: [{ url: MEDIA, content_type: 'image/png' }] }),
    ]);
    expect(newest.total).toBe(2);
    const earlier = await harness.call(ListSessionMessages, { id: tenant!.session_id, limit: 1, cursor: newest.next_cursor! }, local.owner);
    expect(earlier.items.map((m) => m.message)).toEqual(['First']);
    expect(earlier.next_cursor).toBeNull();
  });

  it('narrows the sessions to one tenant for the tenant detail\'s SMS tab', async () => {
    const mine = await harness.call(ListMessageSessions, { location_id: local.locationId, tenant_id: local.tenant.id }, local.owner);
    expect(mine.total).toBe(1);
    expect(mine.items.map((session) => session.tenant_id)).toEqual([local.tenant.id]);
    expect((await harness.call(ListMessageSessions, { location_id: local.locationId, tenant_id: uuidv7() }, local.owner)).items).toEqual([]);
    // '' is the BFF's empty query value: no choice made, every session.
    expect((await harness.call(ListMessageSessions, { location_id: local.locationId, tenant_id: '' }, local.owner)).total).toBe(2);
  });

  it('counts unread messages and marks a session read for the team; a later message is unread again', async () => {
    expect(await harness.call(GetInboxUnreadCount, { location_id: local.locationId }, local.owner)).toEqual({ unreadCount: 3 });
    const tenantSession = (await harness.call(ListMessageSessions, { location_id: local.locationId }, local.owner)).items.find((s) => s.tenant_id)!;

    // A viewer may read the inbox but not take a thread off the answering team's queue.
    expect(await failure(harness.call(MarkMessageSessionRead, { id: tenantSession.session_id }, local.partners.VIEWER))).toEqual({ status: 403, message: 'You do not have permission to do this' });
    expect(await harness.call(GetInboxUnreadCount, { location_id: local.locationId }, local.partners.VIEWER)).toEqual({ unreadCount: 3 });

    expect(await harness.call(MarkMessageSessionRead, { id: tenantSession.session_id }, local.partners.MANAGER)).toEqual({ unreadCount: 1 });
    expect(await harness.call(GetInboxUnreadCount, { location_id: local.locationId }, local.owner)).toEqual({ unreadCount: 1 });
    expect((await harness.call(GetMessageSession, { id: tenantSession.session_id }, local.owner)).unread_count).toBe(0);
    const items = (await harness.call(ListInboxItems, { location_id: local.locationId }, local.owner)).items;
    expect(items.map((item) => [item.message, item.read])).toEqual([['Who is this?', false], ['Second', true], ['First', true]]);
    expect(await harness.row(`select count(*)::int as n from ${harness.table('message')} where session_id = $1 and read_by = $2`, [tenantSession.session_id, local.partners.MANAGER.userId])).toEqual({ n: 2 });

    await harness.sms(local.tenant.phone, local.number, 'Third');
    expect(await harness.call(GetInboxUnreadCount, { location_id: local.locationId }, local.owner)).toEqual({ unreadCount: 2 });
    expect((await harness.call(GetMessageSession, { id: tenantSession.session_id }, local.owner)).unread_count).toBe(1);
  });
});

describe('access to messages', () => {
  it('shows a partner without the permission nothing of another location\'s messages, nor a vendor any', async () => {
    const owner = await harness.caller();
    const shared = await harness.world({ owner });
    const unshared = await harness.world({ owner });
    await harness.sms(shared.tenant.phone, shared.number, 'Shared location message');
    await harness.sms(unshared.tenant.phone, unshared.number, 'Private to the other location');
    const privateSession = (await harness.call(ListMessageSessions, { location_id: unshared.locationId }, owner)).items[0]!.session_id;

    // The shared location's manager may read its inbox; the other location of the same account does not exist for them.
    const manager = shared.partners.MANAGER;
    const theirs = await harness.call(ListInboxItems, { location_id: shared.locationId }, manager);
    expect(theirs.items.map((item) => item.message)).toEqual(['Shared location message']);
    const refused = [
      await failure(harness.call(ListInboxItems, { location_id: unshared.locationId }, manager)),
      await failure(harness.call(ListMessageSessions, { location_id: unshared.locationId }, manager)),
      await failure(harness.call(GetInboxUnreadCount, { location_id: unshared.locationId }, manager)),
      await failure(harness.call(GetMessageSession, { id: privateSession }, manager)),
      await failure(harness.call(ListSessionMessages, { id: privateSession }, manager)),
      await failure(harness.call(MarkMessageSessionRead, { id: privateSession }, manager)),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(refused.map((r) => r.message)).toEqual([
      'Property location not found',
      'Property location not found',
      'Property location not found',
      'Message session not found',
      'Message session not found',
      'Message session not found',
    ]);
    expect(await harness.row(`select read_at from ${harness.table('message')} where session_id = $1`, [privateSession])).toEqual({ read_at: null });

    // A vendor on the shared location sees the property, never tenants' messages.
    expect((await failure(harness.call(ListInboxItems, { location_id: shared.locationId }, shared.partners.VENDOR))).status).toBe(403);

    // A partner removed from the location sees nothing of it any more.
    const partnerRow = await harness.row<{ partner_id: string }>(
      `select p.partner_id from ${harness.table('access_partner')} p join ${harness.table('access_partner_location')} pl on pl.partner_id = p.partner_id
        where p.user_id = $1 and pl.location_id = $2`,
      [manager.userId, shared.locationId],
    );
    await harness.publish(PartnerRemoved, { partnerId: partnerRow!.partner_id, accountId: owner.userId, locationId: shared.locationId, userId: manager.userId });
    await waitFor(async () => ((await harness.outcome(harness.call(ListInboxItems, { location_id: shared.locationId }, manager))) === 404 ? true : undefined), {
      timeout: 15_000,
      description: 'removal applied',
    });
  });
});
