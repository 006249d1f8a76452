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

interface Destination {
  location_id: string;
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

/**
 * Stores an inbound SMS durably before the provider gets its 200: the message row, its session, its first (pending)
 * draft version and the MessageReceived and DraftRequested outbox events are written by one statement, so they commit
 * together (the relay publishes the events later, so NATS being down never loses or refuses a message). The provider's
 * id is unique: a redelivery, even 50 at once, stores nothing and records no second event. A message to a number no
 * location has is kept as `unrouted` (no session, no event) so that nothing a tenant sent is lost, and the provider is
 * still answered 200 so it does not retry for ever.
 *
 * This is the platform's busiest write, and each round trip costs more here than the SQL it carries, so it takes two:
 * one read (the number's route, the sender's tenant, their session and its recent thread) and one write, a
 * data-modifying CTE committing on its own (no BEGIN and COMMIT round trips). Both are prepared statements: planning
 * the read anew each time cost more than running it.
 */
@Injectable()
export class ReceiveInboundSms {
  constructor(
    private readonly orm: MikroORM,
    private readonly conversations: ConversationInbound,
  ) {}

  async receive(sms: InboundSms, provider: string, receivedAt = new Date()): Promise<ReceiveOutcome> {
    try {
      return await this.store(sms, provider, receivedAt);
    } catch (error) {
      // The sender's first messages at once: another delivery created their session after this one read that there
      // was none, so this message named a session that does not exist and nothing was written. Read again, once:
      // the session is committed by now (the write's upsert waited for it).
      if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return await this.store(sms, provider, receivedAt);
      throw error;
    }
  }

  private async store(sms: InboundSms, provider: string, receivedAt: Date): Promise<ReceiveOutcome> {
    const messageId = uuidv7();
    const [to] = await destination.run(this.orm, [receivedAt, sms.from, sms.from, sms.from, sms.from, sms.to]);
    if (!to) {
      const em = this.orm.em.fork() as EntityManager;
      const rows = await em.execute<{ id: string }[]>(
        `${insertMessageSql(em)} values (?, ?, ?, 'sms', 'inbound', 'tenant', 'unrouted', null, null, null, null, null, ?, ?, ?, ?::jsonb, ?, ?)
         on conflict (provider, external_id) where channel = 'sms' do nothing returning id`,
        [messageId, provider, sms.messageSid, sms.from, sms.to, sms.body, JSON.stringify(sms.media), receivedAt, receivedAt],
      );
      return rows.length === 1 ? 'unrouted' : 'duplicate';
    }
    const route = { locationId: to.location_id, accountId: to.account_id, ownerUserId: to.owner_user_id };
    // A conversation's text (a group member's or a vendor's, never a tenant's: see conversations.repository.ts) takes
    // its own path; the tenant path below keeps its two round trips.
    const vendorPartnerId = to.partner_role === 'VENDOR' ? to.partner_id : null;
    if (!to.tenant_id && (to.group_id || vendorPartnerId)) {
      return this.conversations.receive(this.orm.em.fork() as EntityManager, sms, provider, receivedAt, { ...route, groupId: to.group_id, senderName: to.partner_name, vendorPartnerId });
    }
    const tenant = to.tenant_id ? { tenantId: to.tenant_id, fullName: to.full_name!, buildingId: to.building_id } : null;
    const senderName = tenant?.fullName || null;
    // The session the message and the events name: the sender's existing one, or the one this delivery creates.
    // The insert always proposes a new id: an existing session's id there would collide on the primary key, not on
    // the party.
    const newSessionId = uuidv7();
    const sessionId = to.session_id ?? newSessionId;
    const draftId = uuidv7();
    const received = outboxRowOf(MessageReceived, {
      ...route,
      messageId,
      sessionId,
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
        sessionId,
        channel: 'sms',
        tenantName: senderName,
        subject: null,
        body: sms.body,
        receivedAt,
        earlierNewestFirst: to.thread ?? [],
        locationAddress: to.address_text,
      }),
    );
    // One session per tenant and channel; an unknown sender gets one per phone number.
    const party = tenant ? `tenant:${tenant.tenantId}` : `sender:${sms.from}`;
    const [written] = await storeTenantMessage.run(this.orm, [
      messageId, provider, sms.messageSid, sessionId, route.locationId, route.accountId, tenant?.tenantId ?? null, senderName, sms.from, sms.to, sms.body, JSON.stringify(sms.media), receivedAt, receivedAt,
      newSessionId, route.locationId, route.accountId, party, tenant?.tenantId ?? null, tenant?.buildingId ?? null, senderName, sms.from, sms.to, receivedAt, receivedAt,
      draftId, receivedAt,
      ...received.values, ...draftRequested.values,
    ]);
    return written?.message_id ? 'stored' : 'duplicate';
  }
}

function insertMessageSql(em: EntityManager): string {
  return `insert into ${table(em, 'message')}
         (id, provider, external_id, channel, direction, role, status, session_id, location_id, account_id, tenant_id, sender_name,
          from_address, to_address, body, media, received_at, updated_at)`;
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The number's location (none: unrouted) and its address (for the draft's time zone), the location's tenant with the
 * sender's phone, the sender's session there and the session's last messages before this one, newest first, as
 * `MessageDrafts.request` reads them. Values: received at, the sender's phone four times, the number.
 */
const destination = new PreparedStatement<Destination>(
  'messaging.inbound-sms.destination',
  (em) => `select r.location_id, r.account_id, r.owner_user_id, t.tenant_id, t.full_name, t.building_id, s.id as session_id,
              g.group_id, v.partner_id, v.partner_name, v.partner_role,
              (select json_agg(json_build_object('direction', e.direction, 'body', e.body) order by e.received_at desc, e.id desc)
                 from (select direction, body, received_at, id from ${table(em, 'message')}
                        where session_id = s.id and received_at <= ?::timestamptz and status in ('received', 'outgoing')
                        order by received_at desc, id desc limit ${draftLimits.thread}) e) as thread,
              l.address_text
         from ${table(em, 'location_phone_number')} r
         left join ${table(em, 'location_directory')} l on l.location_id = r.location_id
         left join lateral (${tenantByPhoneSql(em, 'r.location_id')}) t on true
         left join ${table(em, 'message_session')} s
           on s.location_id = r.location_id and s.channel = 'sms' and s.party = coalesce('tenant:' || t.tenant_id, 'sender:' || ?::text)
         left join lateral (
           select c.id as group_id from ${table(em, 'conversation')} c
             join ${table(em, 'conversation_participant')} p on p.conversation_id = c.id and p.phone = ?::text
             join ${table(em, 'message_session')} gs on gs.id = c.id and gs.archived_at is null
            where t.tenant_id is null and c.location_id = r.location_id and c.kind = 'group' and c.property_phone = r.phone_number
            order by gs.updated_at desc, gs.id desc limit 1
         ) g on true
         left join lateral (
           select pd.partner_id, pd.full_name as partner_name, pd.role as partner_role from ${table(em, 'partner_directory')} pd
            where t.tenant_id is null and pd.phone = ?::text and pd.location_ids @> array[r.location_id]::text[]
            order by pd.role = 'VENDOR' desc, pd.partner_id limit 1
         ) v on true
        where r.phone_number = ?::text and r.assigned`,
);

/**
 * A tenant's (or unknown sender's) message with its session, first draft version and two outbox events, in one
 * statement. The message first, and everything else only with it: a duplicate MessageSid writes nothing, not even
 * the session's bump. Foreign keys are checked at the end of the statement, so the message may name the session the
 * statement creates; if the upsert found another session instead, that check fails and nothing is written.
 */
const storeTenantMessage = new PreparedStatement<{ message_id: string | null }>(
  'messaging.inbound-sms.store',
  (em) => {
    const session = table(em, 'message_session');
    return `with message as (
         ${insertMessageSql(em)}
         values (?, ?, ?, 'sms', 'inbound', 'tenant', 'received', ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)
         on conflict (provider, external_id) where channel = 'sms' do nothing
         returning id
       ), session as (
         insert into ${session}
           (id, location_id, account_id, channel, party, tenant_id, building_id, from_name, from_address, to_address, created_at, updated_at)
         select ?::uuid, ?::text, ?::text, 'sms', ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::timestamptz, ?::timestamptz from message
         on conflict (location_id, channel, party) do update
           set updated_at = greatest(${session}.updated_at, excluded.updated_at), from_name = excluded.from_name,
               from_address = excluded.from_address, to_address = excluded.to_address
       ), draft as (
         insert into ${table(em, 'message_draft')} (id, message_id, version, origin, status, requested_by, created_at)
         select ?::uuid, message.id, 1, 'ai', 'pending', null, ?::timestamptz from message
       ), events as (
         insert into ${outboxTableOf(em)} (${OUTBOX_COLUMNS})
         select e.id, e.subject, e.envelope::jsonb, e.created_at
           from message, (values (?::uuid, ?::text, ?::text, ?::timestamptz), (?::uuid, ?::text, ?::text, ?::timestamptz)) as e (id, subject, envelope, created_at)
       )
       select (select id from message) as message_id`;
  },
);
