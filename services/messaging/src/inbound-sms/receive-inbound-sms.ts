import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { draftLimits, DraftRequested, MessageReceived } from '@pm/contracts';
import { OUTBOX_COLUMNS, outboxRowOf, outboxTableOf } from '@pm/messaging';
import { PreparedStatement } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { draftRequestOf, type EarlierMessage } from '../drafts/message-drafts.repository.js';
import { ConversationInbound } from '../conversations/conversation-inbound.js';
import { table, tenantByPhoneSql } from '../routing/routing-tables.js';
import type { InboundSms } from './inbound-sms.form.js';

export type ReceiveOutcome = 'stored' | 'duplicate' | 'unrouted';

/**
 * A batch's rows are built this many at a time, the event loop let through between: each costs tens of microseconds
 * (its two events validated and serialized), so a batch of 200 in one go held the process for 6–15 ms (measured in
 * the webhook bench), and every acknowledgement under way with it.
 */
const YIELD_EVERY = 25;

/** An inbound SMS as acknowledged: what the provider posted, whose it is and when it counts as received. */
export interface SmsDelivery {
  sms: InboundSms;
  provider: string;
  receivedAt: Date;
}

interface Destination {
  /** The provider's id is stored already: a redelivery. */
  stored: boolean;
  location_id: string | null;
  account_id: string;
  owner_user_id: string;
  tenant_id: string | null;
  full_name: string | null;
  building_id: string | null;
  session_id: string | null;
  thread: EarlierMessage[] | null;
  address_text: string | null;
  /** Only when the sender is no tenant of the location: their open group at this number, their partnership. */
  group_id: string | null;
  partner_id: string | null;
  partner_name: string | null;
  partner_role: string | null;
}

/** The columns of one batch's write, each an array with a value per row (see `storeTenantMessages`). */
class Columns {
  readonly messages = columns(13);
  readonly sessions = columns(10);
  readonly drafts = columns(3);
  readonly events = columns(5);

  values(): unknown[][] {
    return [...this.messages, ...this.sessions, ...this.drafts, ...this.events];
  }
}

/**
 * Routes inbound SMS and stores them, a batch at a time (the acknowledged deliveries sms-intake.ts hands over, or one
 * call turn): the message row, its session, its first (pending) draft version and the MessageReceived and
 * DraftRequested outbox events are written by one statement, so they commit together (the relay publishes the events
 * later, so NATS being down never loses a message). The provider's id is unique: a redelivery stores nothing and
 * records no second event. A message to a number no location has is kept as `unrouted` (no session, no event) so
 * that nothing a tenant sent is lost.
 *
 * A batch costs two statements whatever its size, both prepared, their values in arrays: one read (each number's
 * route, each sender's tenant, session and recent thread) and one write (a data-modifying CTE committing on its own).
 * Messages of one sender in one batch share the session the first of them finds or creates, and each later one's
 * draft reads the earlier ones in its thread.
 */
@Injectable()
export class ReceiveInboundSms {
  constructor(
    private readonly orm: MikroORM,
    private readonly conversations: ConversationInbound,
  ) {}

  async receive(sms: InboundSms, provider: string, receivedAt = new Date()): Promise<ReceiveOutcome> {
    const [outcome] = await this.receiveAll([{ sms, provider, receivedAt }]);
    return outcome!;
  }

  /** Each delivery's outcome, in order. */
  async receiveAll(deliveries: readonly SmsDelivery[]): Promise<ReceiveOutcome[]> {
    try {
      return await this.store(deliveries);
    } catch (error) {
      // Another process created a sender's session after this batch read that there was none, so a message named a
      // session that does not exist and nothing of the write was kept. Read again, once: that session is committed
      // by now (the write's upsert waited for it).
      if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return await this.store(deliveries);
      throw error;
    }
  }

  private async store(deliveries: readonly SmsDelivery[]): Promise<ReceiveOutcome[]> {
    const rows = await destinations.run(this.orm, [
      deliveries.map((d) => d.receivedAt),
      deliveries.map((d) => d.sms.from),
      deliveries.map((d) => d.sms.to),
      deliveries.map((d) => d.provider),
      deliveries.map((d) => d.sms.messageSid),
    ]);
    const outcomes: ReceiveOutcome[] = [];
    const write = new Columns();
    // Per session (location and party) of this batch: its id, the proposed new id, and its thread with this batch's
    // messages so far, newest first.
    const sessions = new Map<string, { id: string; newId: string; thread: EarlierMessage[]; row: unknown[] }>();
    // The tenant path's messages: their place in the outcomes, known once the write says which it stored.
    const written: { index: number; messageId: string }[] = [];
    for (const [i, delivery] of deliveries.entries()) {
      if (i > 0 && i % YIELD_EVERY === 0) await yieldToEvents();
      const to = rows[i]!;
      const { sms, provider, receivedAt } = delivery;
      if (to.stored) {
        outcomes.push('duplicate');
        continue;
      }
      if (!to.location_id) {
        outcomes.push(await this.keepUnrouted(delivery));
        continue;
      }
      const route = { locationId: to.location_id, accountId: to.account_id, ownerUserId: to.owner_user_id };
      // A conversation's text (a group member's or a vendor's, never a tenant's: see conversations.repository.ts)
      // takes its own path.
      const vendorPartnerId = to.partner_role === 'VENDOR' ? to.partner_id : null;
      if (!to.tenant_id && (to.group_id || vendorPartnerId)) {
        outcomes.push(
          await this.conversations.receive(this.orm.em.fork() as EntityManager, sms, provider, receivedAt, { ...route, groupId: to.group_id, senderName: to.partner_name, vendorPartnerId }),
        );
        continue;
      }
      const tenant = to.tenant_id ? { tenantId: to.tenant_id, fullName: to.full_name!, buildingId: to.building_id } : null;
      const senderName = tenant?.fullName || null;
      // One session per tenant and channel; an unknown sender gets one per phone number.
      const party = tenant ? `tenant:${tenant.tenantId}` : `sender:${sms.from}`;
      const key = `${route.locationId} ${party}`;
      let session = sessions.get(key);
      if (!session) {
        // The sender's existing session, or the one this write creates. The insert always proposes a new id: an
        // existing session's id there would collide on the primary key, not on the party.
        const newId = uuidv7();
        session = { id: to.session_id ?? newId, newId, thread: to.thread ?? [], row: [] };
        sessions.set(key, session);
      }
      // The session row carries the batch's latest sender details (the write keeps the newest of its messages' times).
      session.row = [session.newId, session.id, route.locationId, route.accountId, party, tenant?.tenantId ?? null, tenant?.buildingId ?? null, senderName, sms.from, sms.to];
      const messageId = uuidv7();
      const draftId = uuidv7();
      const received = outboxRowOf(MessageReceived, {
        ...route,
        messageId,
        sessionId: session.id,
        channel: 'sms',
        provider,
        externalId: sms.messageSid,
        from: sms.from,
        to: sms.to,
        tenantId: tenant?.tenantId ?? null,
        buildingId: tenant?.buildingId ?? null,
        senderName,
        body: sms.body,
        media: sms.media,
        receivedAt: receivedAt.toISOString(),
      });
      const draftRequested = outboxRowOf(
        DraftRequested,
        draftRequestOf({
          locationId: route.locationId,
          accountId: route.accountId,
          draftId,
          messageId,
          sessionId: session.id,
          channel: 'sms',
          tenantName: senderName,
          subject: null,
          body: sms.body,
          receivedAt,
          earlierNewestFirst: session.thread,
          locationAddress: to.address_text,
        }),
      );
      session.thread = [{ direction: 'inbound' as const, body: sms.body }, ...session.thread].slice(0, draftLimits.thread);
      push(write.messages, [messageId, provider, sms.messageSid, session.id, route.locationId, route.accountId, tenant?.tenantId ?? null, senderName, sms.from, sms.to, sms.body, JSON.stringify(sms.media), receivedAt]);
      push(write.drafts, [draftId, messageId, receivedAt]);
      for (const event of [received, draftRequested]) push(write.events, [...event.values, messageId]);
      written.push({ index: outcomes.length, messageId });
      outcomes.push('stored');
    }
    if (written.length === 0) return outcomes;
    for (const session of sessions.values()) push(write.sessions, session.row);
    const stored = new Set((await storeTenantMessages.run(this.orm, write.values())).map((row) => row.message_id));
    // Not stored: another delivery of the same id (a concurrent batch) stored it after this one's read.
    for (const { index, messageId } of written) if (!stored.has(messageId)) outcomes[index] = 'duplicate';
    return outcomes;
  }

  private async keepUnrouted({ sms, provider, receivedAt }: SmsDelivery): Promise<ReceiveOutcome> {
    const em = this.orm.em.fork() as EntityManager;
    const rows = await em.execute<{ id: string }[]>(
      `${insertMessageSql(em)} values (?, ?, ?, 'sms', 'inbound', 'tenant', 'unrouted', null, null, null, null, null, ?, ?, ?, ?::jsonb, ?, ?)
       on conflict (provider, external_id) where channel = 'sms' do nothing returning id`,
      [uuidv7(), provider, sms.messageSid, sms.from, sms.to, sms.body, JSON.stringify(sms.media), receivedAt, receivedAt],
    );
    return rows.length === 1 ? 'unrouted' : 'duplicate';
  }
}

function insertMessageSql(em: EntityManager): string {
  return `insert into ${table(em, 'message')}
         (id, provider, external_id, channel, direction, role, status, session_id, location_id, account_id, tenant_id, sender_name,
          from_address, to_address, body, media, received_at, updated_at)`;
}

/** `count` empty columns. */
function columns(count: number): unknown[][] {
  return Array.from({ length: count }, () => []);
}

/** Appends one row's values, a value to each column. */
function push(target: unknown[][], row: readonly unknown[]): void {
  for (const [i, value] of row.entries()) target[i]!.push(value);
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * For each delivery (received at, the sender's phone, the number, the provider and its id, as arrays), in order: whether
 * its id is stored already; the number's location (none: unrouted) and its address (for the draft's time zone); the
 * location's tenant with the sender's phone, the sender's session there and the session's last messages before this
 * one, newest first, as `MessageDrafts.request` reads them; and, for a sender who is no tenant, their group and
 * partnership at the location.
 */
const destinations = new PreparedStatement<Destination>(
  'messaging.inbound-sms.destinations',
  (em) => `select d.*,
              exists (select 1 from ${table(em, 'message')} x where x.provider = p.provider and x.external_id = p.sid and x.channel = 'sms') as stored
         from unnest(?::timestamptz[], ?::text[], ?::text[], ?::text[], ?::text[]) with ordinality as p (received_at, sender, number, provider, sid, n)
         left join lateral (
           select r.location_id, r.account_id, r.owner_user_id, t.tenant_id, t.full_name, t.building_id, s.id as session_id,
                  g.group_id, v.partner_id, v.partner_name, v.partner_role,
                  (select json_agg(json_build_object('direction', e.direction, 'body', e.body) order by e.received_at desc, e.id desc)
                     from (select direction, body, received_at, id from ${table(em, 'message')}
                            where session_id = s.id and received_at <= p.received_at and status in ('received', 'outgoing')
                            order by received_at desc, id desc limit ${draftLimits.thread}) e) as thread,
                  l.address_text
             from ${table(em, 'location_phone_number')} r
             left join ${table(em, 'location_directory')} l on l.location_id = r.location_id
             left join lateral (${tenantByPhoneSql(em, 'r.location_id', 'p.sender')}) t on true
             left join ${table(em, 'message_session')} s
               on s.location_id = r.location_id and s.channel = 'sms' and s.party = coalesce('tenant:' || t.tenant_id, 'sender:' || p.sender)
             left join lateral (
               select c.id as group_id from ${table(em, 'conversation')} c
                 join ${table(em, 'conversation_participant')} cp on cp.conversation_id = c.id and cp.phone = p.sender
                 join ${table(em, 'message_session')} gs on gs.id = c.id and gs.archived_at is null
                where t.tenant_id is null and c.location_id = r.location_id and c.kind = 'group' and c.property_phone = r.phone_number
                order by gs.updated_at desc, gs.id desc limit 1
             ) g on true
             left join lateral (
               select pd.partner_id, pd.full_name as partner_name, pd.role as partner_role from ${table(em, 'partner_directory')} pd
                where t.tenant_id is null and pd.phone = p.sender and pd.location_ids @> array[r.location_id]::text[]
                order by pd.role = 'VENDOR' desc, pd.partner_id limit 1
             ) v on true
            where r.phone_number = p.number and r.assigned
            limit 1
         ) d on true
        order by p.n`,
);

/**
 * A batch of tenants' (or unknown senders') messages with their sessions, first draft versions and two outbox events
 * each, in one statement; every value list is a set of arrays, a row per position. The messages first, and everything
 * else only with them: a duplicate MessageSid writes nothing of its own, and a session is created or bumped (to its
 * newest message's time) only for a message stored. Foreign keys are checked at the end of the statement, so a
 * message may name the session the statement creates; if the upsert found another session instead (another process
 * created it after the read), that check fails and nothing is written.
 */
const storeTenantMessages = new PreparedStatement<{ message_id: string }>(
  'messaging.inbound-sms.store-batch',
  (em) => {
    const session = table(em, 'message_session');
    return `with message as (
         ${insertMessageSql(em)}
         select m.id, m.provider, m.external_id, 'sms', 'inbound', 'tenant', 'received', m.session_id, m.location_id, m.account_id, m.tenant_id,
                m.sender_name, m.from_address, m.to_address, m.body, m.media::jsonb, m.received_at, m.received_at
           from unnest(?::uuid[], ?::text[], ?::text[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[])
             as m (id, provider, external_id, session_id, location_id, account_id, tenant_id, sender_name, from_address, to_address, body, media, received_at)
         on conflict (provider, external_id) where channel = 'sms' do nothing
         returning id, session_id, received_at
       ), session as (
         insert into ${session}
           (id, location_id, account_id, channel, party, tenant_id, building_id, from_name, from_address, to_address, created_at, updated_at)
         select s.new_id, s.location_id, s.account_id, 'sms', s.party, s.tenant_id, s.building_id, s.from_name, s.from_address, s.to_address, latest.at, latest.at
           from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
             as s (new_id, id, location_id, account_id, party, tenant_id, building_id, from_name, from_address, to_address)
           cross join lateral (select max(message.received_at) as at from message where message.session_id = s.id) latest
          where latest.at is not null
         on conflict (location_id, channel, party) do update
           set updated_at = greatest(${session}.updated_at, excluded.updated_at), from_name = excluded.from_name,
               from_address = excluded.from_address, to_address = excluded.to_address
       ), draft as (
         insert into ${table(em, 'message_draft')} (id, message_id, version, origin, status, requested_by, created_at)
         select d.id, d.message_id, 1, 'ai', 'pending', null, d.created_at
           from unnest(?::uuid[], ?::uuid[], ?::timestamptz[]) as d (id, message_id, created_at)
          where d.message_id in (select id from message)
       ), events as (
         insert into ${outboxTableOf(em)} (${OUTBOX_COLUMNS})
         select e.id, e.subject, e.envelope::jsonb, e.created_at
           from unnest(?::uuid[], ?::text[], ?::text[], ?::timestamptz[], ?::uuid[]) as e (id, subject, envelope, created_at, message_id)
          where e.message_id in (select id from message)
       )
       select id as message_id from message`;
  },
);
