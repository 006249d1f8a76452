import { jest } from '@jest/globals';
import {
  AssignTicket,
  ListSentEmails,
  ListTickets,
  MessageDraftCompleted,
  PartnerUpdated,
  ReplyDraftCompleted,
  ResolveTicket,
  TICKET_ASSIGNED,
  TICKET_ASSIGNEE_NOT_MANAGER,
  TICKET_NOT_FOUND,
  TICKET_RESOLVED,
  TicketChanged,
  UserRegistered,
  type DataOf,
  type PartnerRole,
} from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { MessagingHarness, type MessagingWorld, type TestCaller } from './support/messaging-harness.js';

jest.setTimeout(180_000);

/**
 * Urgency and tickets on real PostgreSQL and NATS: messages come in through the signed SMS webhook, the assistant's
 * answer (ReplyDraftCompleted) is fed to messaging over JetStream as the assistant publishes it, partners, users and
 * locations arrive as their contexts announce them. What is asserted is what messaging decided in the draft's
 * transaction: the sends queued in its outbox (a dispatcher delivers them), the audit trail and the tickets.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
const LEAK = 'my kitchen sink is leaking, water everywhere';

interface Delivery {
  purpose: string;
  channel: string;
  from_address: string;
  to_address: string;
  subject: string | null;
  body: string;
  status: string;
  dedupe_key: string;
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcFailure) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function messageOf(sid: string): Promise<string> {
  return (await harness.row<{ id: string }>(`select id from ${harness.table('message')} where external_id = $1`, [sid]))!.id;
}

async function deliveriesOf(messageId: string): Promise<Delivery[]> {
  return (
    await harness.db.query<Delivery>(
      `select purpose, channel, from_address, to_address, subject, body, status, dedupe_key from ${harness.table('outbound_delivery')}
        where dedupe_key like $1 order by dedupe_key`,
      [`emergency:${messageId}:%`],
    )
  ).rows;
}

async function auditOf(messageId: string, action: string): Promise<{ actor: string | null; detail: Record<string, unknown> }[]> {
  return (await harness.db.query(`select actor, detail from ${harness.table('message_audit')} where message_id = $1 and action = $2 order by at, id`, [messageId, action])).rows;
}

async function ticketOf(messageId: string): Promise<{ id: string; urgent: boolean; intent: string | null } | undefined> {
  return harness.row(`select id, urgent, intent from ${harness.table('ticket')} where message_id = $1`, [messageId]);
}

/** Announces a partner of the world's account as portfolio does, and waits until messaging's directory has them. */
async function partner(w: MessagingWorld, data: Partial<DataOf<typeof PartnerUpdated>> & { fullName: string; email: string }): Promise<string> {
  const partnerId = data.partnerId ?? uuidv7();
  await harness.publish(PartnerUpdated, { partnerId, accountId: w.owner.userId, userId: null, phone: null, role: 'MEMBER', isEmergencyContact: false, locationIds: [w.locationId], ...data });
  await waitFor(() => harness.row(`select 1 from ${harness.table('partner_directory')} where partner_id = $1 and full_name = $2`, [partnerId, data.fullName]), {
    timeout: 20_000,
    description: 'partner copied',
  });
  return partnerId;
}

async function registered(user: TestCaller, fullName: string, email: string): Promise<void> {
  await harness.publish(UserRegistered, { userId: user.userId, email, fullName, accountType: 'property_manager', campaign: null, upgradedFromAnonymous: false, method: 'password' });
  await waitFor(() => harness.row(`select 1 from ${harness.table('user_directory')} where user_id = $1`, [user.userId]), { timeout: 20_000, description: 'user copied' });
}

/** Waits until messaging's consumer of the assistant's answers has handled (acked in its inbox) the event. */
async function handled(eventId: string): Promise<void> {
  await waitFor(() => harness.row(`select 1 from ${harness.table('inbox')} where consumer = 'messaging.reply-draft-completed' and event_id = $1`, [eventId]), {
    timeout: 20_000,
    description: 'the answer handled',
  });
}

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: 1024 * 1024, maxRecipients: 5 } });
  world = await harness.world();
  await waitFor(() => harness.row(`select 1 from ${harness.table('location_directory')} where location_id = $1`, [world.locationId]), { timeout: 20_000, description: 'location copied' });
  await registered(world.owner, 'Olivia Owner', 'olivia.owner@example.com');
  await registered(world.partners.MANAGER, 'Jordan Lee', 'jordan.login@example.com');
  await partner(world, { fullName: 'Rosa Delgado', email: 'rosa@example.net', phone: '+12175550188', role: 'MANAGER', isEmergencyContact: true });
  await partner(world, { fullName: 'Sam Plumber', email: 'sam@plumbing.example', phone: null, role: 'VENDOR', isEmergencyContact: true });
  await partner(world, { fullName: 'Jordan Lee', email: 'jordan@example.com', phone: '+12175550199', role: 'MANAGER', userId: world.partners.MANAGER.userId });
  // Flagged once, then no longer: the later announcement wins.
  const former = uuidv7();
  await partner(world, { partnerId: former, fullName: 'Former Contact', email: 'former@example.net', phone: '+12175550111', isEmergencyContact: true });
  await partner(world, { partnerId: former, fullName: 'Former Contact.', email: 'former@example.net', phone: '+12175550111', isEmergencyContact: false });
});

afterAll(async () => {
  await harness?.close();
});

describe('an urgent message, triaged as it arrives (before and without any draft)', () => {
  let messageId: string;

  beforeAll(async () => {
    // No draft is completed here: the assistant is not running, as when the model is missing or busy.
    messageId = await messageOf(await harness.sms(world.tenant.phone, world.number, LEAK));
  });

  it('notifies each emergency contact by SMS and e-mail through the outbox, from the location\'s number and address', async () => {
    const deliveries = await waitFor(async () => ((await deliveriesOf(messageId)).length === 3 ? deliveriesOf(messageId) : null), { timeout: 20_000, description: 'three sends' });
    // What was queued; the dispatcher may already be sending it (its progress is the outbound tests' concern).
    expect(deliveries.map(({ channel, from_address, to_address, purpose }) => ({ channel, from_address, to_address, purpose })).sort((a, b) => a.to_address.localeCompare(b.to_address))).toEqual([
      { channel: 'sms', from_address: world.number, to_address: '+12175550188', purpose: 'emergency_notification' },
      { channel: 'email', from_address: world.email, to_address: 'rosa@example.net', purpose: 'emergency_notification' },
      // The vendor has no phone: e-mail only.
      { channel: 'email', from_address: world.email, to_address: 'sam@plumbing.example', purpose: 'emergency_notification' },
    ]);
    const sms = deliveries.find((d) => d.channel === 'sms')!;
    expect(sms.body).toBe(`URGENT at 12 Elm Street: Maria Lopez (tenant) wrote by SMS: "${LEAK}" Open the inbox to reply.`);
    const email = deliveries.find((d) => d.to_address === 'rosa@example.net')!;
    expect(email.subject).toBe('Urgent: Maria Lopez at 12 Elm Street');
    expect(email.body).toContain('Hello Rosa Delgado,');
    expect(email.body).toContain('An urgent message just arrived at 12 Elm Street (12 Elm Street, Springfield, IL 62701).');
    expect(email.body).toContain(`From: Maria Lopez, a tenant (${world.tenant.phone})`);
    expect(email.body).toContain(`"${LEAK}"`);
    expect(email.body).toContain('You are receiving this because you are an emergency contact of 12 Elm Street.');
    // The team sees them go out (or fail) on Sent E-mails.
    const sent = await harness.call(ListSentEmails, { location_id: world.locationId, filter_by: 'all' }, world.owner);
    expect(sent.items.filter((item) => item.purpose === 'emergency_notification').map((item) => item.to).sort()).toEqual(['rosa@example.net', 'sam@plumbing.example']);
    const [audit, ...more] = await auditOf(messageId, 'emergency_contacts_notified');
    expect(more).toEqual([]);
    expect(audit!.actor).toBeNull();
    expect(audit!.detail).toMatchObject({
      notified: 'emergency_contacts',
      recipients: expect.arrayContaining([
        expect.objectContaining({ name: 'Rosa Delgado', channel: 'sms', to: '+12175550188', deliveryId: expect.any(String) }),
        expect.objectContaining({ name: 'Rosa Delgado', channel: 'email', to: 'rosa@example.net' }),
        expect.objectContaining({ name: 'Sam Plumber', channel: 'email', to: 'sam@plumbing.example' }),
      ]),
      skipped: [expect.objectContaining({ channel: 'sms', reason: 'no US phone number' })],
    });
  });

  it('marks the message URGENT and opens one urgent emergency ticket, audited, while its draft is still pending', async () => {
    const ticket = await waitFor(() => ticketOf(messageId), { timeout: 20_000, description: 'the ticket' });
    expect((await harness.row<{ urgent: boolean }>(`select urgent from ${harness.table('message')} where id = $1`, [messageId]))!.urgent).toBe(true);
    expect((await harness.row<{ status: string }>(`select status from ${harness.table('message_draft')} where message_id = $1`, [messageId]))!.status).toBe('pending');
    expect(ticket).toMatchObject({ urgent: true, intent: 'emergency' });
    expect(await auditOf(messageId, 'ticket_opened')).toEqual([{ actor: null, detail: { ticketId: ticket!.id, change: 'opened', intent: 'emergency', urgent: true } }]);
  });

  it('announces the opened ticket for the notify stream once, and the draft\'s completion when it comes', async () => {
    const ticket = await ticketOf(messageId);
    const events = async () =>
      (
        await harness.db.query<{ subject: string; data: Record<string, unknown> }>(
          `select subject, envelope->'data' as data from ${harness.table('outbox')} where subject in ($1, $2) and envelope->'data'->>'messageId' = $3 order by id`,
          [MessageDraftCompleted.subject, TicketChanged.subject, messageId],
        )
      ).rows;
    expect(await events()).toEqual([
      { subject: TicketChanged.subject, data: { ticketId: ticket!.id, locationId: world.locationId, accountId: world.owner.userId, messageId, change: 'opened', urgent: true, assignedTo: null, by: null } },
    ]);
    // The draft comes afterwards, urgent by the same rules: it is announced, and opens and notifies nothing again.
    await handled((await harness.completeDraft(messageId, { urgent: true, intent: 'emergency' })).eventId);
    expect(await events()).toEqual([
      { subject: TicketChanged.subject, data: expect.objectContaining({ ticketId: ticket!.id, change: 'opened' }) },
      { subject: MessageDraftCompleted.subject, data: expect.objectContaining({ messageId, locationId: world.locationId, status: 'ready', urgent: true }) },
    ]);
    expect(await deliveriesOf(messageId)).toHaveLength(3);
    expect(await auditOf(messageId, 'emergency_contacts_notified')).toHaveLength(1);
  });

  it('notifies once and opens one ticket when the completion comes again', async () => {
    const { draftId } = (await harness.row<{ draftId: string }>(`select id as "draftId" from ${harness.table('message_draft')} where message_id = $1`, [messageId]))!;
    // The assistant's answer again (a new event for the same version, as after its crash between publish and ack).
    const again = await harness.publish(ReplyDraftCompleted, {
      locationId: world.locationId,
      accountId: world.owner.userId,
      draftId,
      messageId,
      status: 'ready',
      draft: { reply: 'Again', language: 'en', urgent: true, intent: 'emergency', confidence: 0.9, sources: [], nearMisses: [], outcome: 'model-reply', flaggedForManager: true },
      failure: null,
      completedAt: new Date().toISOString(),
    });
    await handled(again);
    expect(await deliveriesOf(messageId)).toHaveLength(3);
    expect(await auditOf(messageId, 'emergency_contacts_notified')).toHaveLength(1);
    expect((await harness.db.query(`select 1 from ${harness.table('ticket')} where message_id = $1`, [messageId])).rowCount).toBe(1);
  });

  it('without an emergency contact, notifies the location\'s owner by e-mail at the address identity registered', async () => {
    const other = await harness.world();
    await registered(other.owner, 'Nora Owner', 'nora.owner@example.com');
    const id = await messageOf(await harness.sms(other.tenant.phone, other.number, 'Smoke in the hallway, the alarm is going off'));
    const deliveries = await waitFor(async () => ((await deliveriesOf(id)).length > 0 ? deliveriesOf(id) : null), { timeout: 20_000, description: 'the owner notified' });
    expect(deliveries.map(({ channel, to_address, dedupe_key }) => ({ channel, to_address, dedupe_key }))).toEqual([
      { channel: 'email', to_address: 'nora.owner@example.com', dedupe_key: `emergency:${id}:owner:${other.owner.userId}:email` },
    ]);
    expect(deliveries[0]!.body).toContain('You are receiving this as the owner of 12 Elm Street because it has no emergency contact.');
    expect((await auditOf(id, 'emergency_contacts_notified'))[0]!.detail).toMatchObject({ notified: 'owner' });
  });

  it('keeps its ticket and its notifications when the draft then fails (the model missing or timing out)', async () => {
    const id = await messageOf(await harness.sms(world.tenant.phone, world.number, 'There is a gas smell in the hallway'));
    await waitFor(async () => ((await deliveriesOf(id)).length === 3 ? true : null), { timeout: 20_000, description: 'three sends' });
    await handled((await harness.completeDraft(id, {}, { failure: 'The local AI model is not installed.' })).eventId);
    expect(await ticketOf(id)).toMatchObject({ urgent: true, intent: 'emergency' });
    expect((await harness.row<{ status: string }>(`select status from ${harness.table('message_draft')} where message_id = $1`, [id]))!.status).toBe('failed');
    expect(await deliveriesOf(id)).toHaveLength(3);
  });

  it('is triaged with its subject when it comes by e-mail', async () => {
    const id = await messageOf(await harness.email(world.tenant.email, world.email, 'Water coming through the ceiling', 'Please send someone to unit 4.'));
    const ticket = await waitFor(() => ticketOf(id), { timeout: 20_000, description: 'the ticket' });
    expect(ticket).toMatchObject({ urgent: true, intent: 'emergency' });
  });
});

describe('tickets that are not urgent', () => {
  it('a repair request opens a ticket as it arrives and notifies nobody', async () => {
    const id = await messageOf(await harness.sms(world.tenant.phone, world.number, 'The bathroom fan stopped working last week'));
    expect(await waitFor(() => ticketOf(id), { timeout: 20_000, description: 'the ticket' })).toMatchObject({ urgent: false, intent: 'maintenance_request' });
    expect(await deliveriesOf(id)).toEqual([]);
  });

  it('a draft may open the ticket the rules did not (an intent the model settled), and notifies when it is urgent', async () => {
    const id = await messageOf(await harness.sms(world.tenant.phone, world.number, 'Hola, necesito que alguien venga hoy por favor'));
    const { eventId } = await harness.completeDraft(id, { intent: 'maintenance_request' });
    await handled(eventId);
    expect(await ticketOf(id)).toMatchObject({ urgent: false, intent: 'maintenance_request' });
    expect(await deliveriesOf(id)).toEqual([]);
    const urgent = await messageOf(await harness.sms(world.tenant.phone, world.number, 'Please call me back right away'));
    await handled((await harness.completeDraft(urgent, { urgent: true, intent: 'emergency' })).eventId);
    expect(await ticketOf(urgent)).toMatchObject({ urgent: true, intent: 'emergency' });
    expect(await deliveriesOf(urgent)).toHaveLength(3);
  });

  it('a plain question opens no ticket', async () => {
    const id = await messageOf(await harness.sms(world.tenant.phone, world.number, 'When is trash day?'));
    const { eventId } = await harness.completeDraft(id, { intent: 'policy_question' });
    await handled(eventId);
    expect(await ticketOf(id)).toBeUndefined();
    expect(await deliveriesOf(id)).toEqual([]);
  });
});

describe('the ticket calls', () => {
  let ticketId: string;
  let messageId: string;

  beforeAll(async () => {
    messageId = await messageOf(await harness.sms(world.tenant.phone, world.number, 'The radiator in the bedroom is rattling, can someone fix it?'));
    ticketId = (await waitFor(() => ticketOf(messageId), { timeout: 20_000, description: 'the ticket' })).id;
  });

  it('lists the open column newest first with the spec\'s fields', async () => {
    const page = await harness.call(ListTickets, { location_id: world.locationId }, world.owner);
    expect(page.items[0]).toEqual({
      id: ticketId,
      message: 'The radiator in the bedroom is rattling, can someone fix it?',
      intent: 'maintenance_request',
      urgent: false,
      email_id: null,
      sms_id: messageId,
      session_id: expect.any(String),
      sender_name: 'Maria Lopez',
      unit: { id: world.tenant.unitId },
      tenant: { id: world.tenant.id, full_name: 'Maria Lopez', unit_id: world.tenant.unitId, building_id: world.tenant.buildingId },
      assigned_to: null,
      resolved: false,
      resolved_at: null,
      created_at: expect.any(String),
    });
    expect(page.total).toBe(page.items.length);
    expect(page.items.every((t) => !t.resolved)).toBe(true);
    const first = await harness.call(ListTickets, { location_id: world.locationId, status: 'open', limit: 1 }, world.owner);
    const second = await harness.call(ListTickets, { location_id: world.locationId, status: 'open', limit: 1, cursor: first.next_cursor! }, world.owner);
    expect([first.items[0]!.id, second.items[0]!.id]).toEqual(page.items.slice(0, 2).map((t) => t.id));
  });

  it('assigns to a manager of the location (their names from the directory), to the owner, and unassigns', async () => {
    const manager = world.partners.MANAGER;
    const assigned = await harness.call(AssignTicket, { id: ticketId, managerId: manager.userId }, world.owner);
    expect(assigned.message).toBe(TICKET_ASSIGNED);
    expect(assigned.ticket.assigned_to).toEqual({ id: manager.userId, manager: { limitedUser: { full_name: 'Jordan Lee', email: 'jordan@example.com' } } });
    const toOwner = await harness.call(AssignTicket, { id: ticketId, managerId: world.owner.userId }, manager);
    expect(toOwner.ticket.assigned_to).toEqual({ id: world.owner.userId, manager: { limitedUser: { full_name: 'Olivia Owner', email: 'olivia.owner@example.com' } } });
    const none = await harness.call(AssignTicket, { id: ticketId, managerId: null }, world.owner);
    expect(none).toMatchObject({ message: TICKET_ASSIGNED, ticket: { assigned_to: null } });
    const audit = await auditOf(messageId, 'ticket_assigned');
    expect(audit.map((a) => [a.actor, a.detail['change'], a.detail['assignedTo']])).toEqual([
      [world.owner.userId, 'assigned', manager.userId],
      [manager.userId, 'assigned', world.owner.userId],
      [world.owner.userId, 'unassigned', null],
    ]);
  });

  it.each<[string, () => string | undefined | null | number]>([
    ['a vendor of the location', () => world.partners.VENDOR.userId],
    ['a viewer of the location', () => world.partners.VIEWER.userId],
    ['a user of no location', () => `usr_${uuidv7()}`],
  ])('refuses %s as the assignee (400)', async (_name, managerId) => {
    expect(await failure(harness.call(AssignTicket, { id: ticketId, managerId: managerId() as string }, world.owner))).toEqual({ status: 400, message: TICKET_ASSIGNEE_NOT_MANAGER });
  });

  it('refuses a request without a manager (400), and an unknown ticket (404)', async () => {
    expect(await failure(harness.call(AssignTicket, { id: ticketId } as never, world.owner))).toEqual({ status: 400, message: 'Manager is required' });
    expect(await failure(harness.call(AssignTicket, { id: ticketId, managerId: '  ' }, world.owner))).toEqual({ status: 400, message: 'Manager is required' });
    expect(await failure(harness.call(ResolveTicket, { id: uuidv7() }, world.owner))).toEqual({ status: 404, message: TICKET_NOT_FOUND });
    expect(await failure(harness.call(ResolveTicket, { id: 'not-a-ticket' }, world.owner))).toEqual({ status: 404, message: TICKET_NOT_FOUND });
    expect(await failure(harness.call(ListTickets, { location_id: world.locationId, status: 'closed' as never }, world.owner))).toEqual({ status: 400, message: 'Status must be open or resolved' });
    expect(await failure(harness.call(ListTickets, { location_id: '' }, world.owner))).toEqual({ status: 400, message: 'No location selected' });
  });

  it.each<[PartnerRole, 'ok' | 403, 'ok' | 403]>([
    ['VIEWER', 'ok', 403],
    ['MEMBER', 'ok', 403],
    ['VENDOR', 403, 403],
  ])('a %s lists (%s) but cannot resolve or assign (%s)', async (role, list, change) => {
    const user = world.partners[role];
    expect(await harness.outcome(harness.call(ListTickets, { location_id: world.locationId }, user))).toBe(list);
    expect(await harness.outcome(harness.call(ResolveTicket, { id: ticketId }, user))).toBe(change);
    expect(await harness.outcome(harness.call(AssignTicket, { id: ticketId, managerId: null }, user))).toBe(change);
  });

  it('resolves for good: resolving again changes nothing, and the ticket moves to the resolved column', async () => {
    const resolved = await harness.call(ResolveTicket, { id: ticketId }, world.partners.MANAGER);
    expect(resolved.message).toBe(TICKET_RESOLVED);
    expect(resolved.ticket).toMatchObject({ id: ticketId, resolved: true, resolved_at: expect.any(String) });
    const again = await harness.call(ResolveTicket, { id: ticketId }, world.owner);
    expect(again).toEqual({ message: TICKET_RESOLVED, ticket: resolved.ticket });
    expect((await auditOf(messageId, 'ticket_resolved')).map((a) => a.actor)).toEqual([world.partners.MANAGER.userId]);
    expect((await harness.call(ListTickets, { location_id: world.locationId, status: 'open' }, world.owner)).items.map((t) => t.id)).not.toContain(ticketId);
    expect((await harness.call(ListTickets, { location_id: world.locationId, status: 'resolved' }, world.owner)).items.map((t) => t.id)).toContain(ticketId);
  });

  it("is 404 for another account's owner and partners", async () => {
    const other = await harness.world();
    for (const user of [other.owner, other.partners.MANAGER]) {
      expect(await failure(harness.call(ListTickets, { location_id: world.locationId }, user))).toEqual({ status: 404, message: 'Property location not found' });
      expect(await failure(harness.call(ResolveTicket, { id: ticketId }, user))).toEqual({ status: 404, message: TICKET_NOT_FOUND });
      expect(await failure(harness.call(AssignTicket, { id: ticketId, managerId: null }, user))).toEqual({ status: 404, message: TICKET_NOT_FOUND });
    }
    // Nor can another account's manager be given this account's ticket.
    expect(await failure(harness.call(AssignTicket, { id: ticketId, managerId: other.owner.userId }, world.owner))).toEqual({ status: 400, message: TICKET_ASSIGNEE_NOT_MANAGER });
  });
});
