import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { draftLimits, DraftRequested, MessageReceived } from '@pm/contracts';
import { OUTBOX_COLUMNS, outboxRowOf, outboxTableOf } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { draftRequestOf, type EarlierMessage } from '../drafts/message-drafts.repository.js';
import { table, tenantByPhoneSql } from '../routing/routing-tables.js';
import type { InboundSms } from './inbound-sms.form.js';

export type ReceiveOutcome = 'stored' | 'duplicate' | 'unrouted';

/** Thrown inside the transaction to roll back a delivery whose MessageSid is stored already. */
class AlreadyStored extends Error {}

/** Thrown inside the transaction when the sender's session was created by another delivery after it was read. */
class SessionCreatedMeanwhile extends Error {}

interface Destination {
  location_id: string;
  account_id: string;
  owner_user_id: string;
  tenant_id: string | null;
  full_name: string | null;
  building_id: string | null;
  session_id: string | null;
  thread: EarlierMessage[] | null;
}

/**
 * Stores an inbound SMS durably before the provider gets its 200: the message row, its session, its first (pending)
 * draft version and the MessageReceived and DraftRequested outbox events commit in one transaction (the relay publishes
 * them later, so NATS being down never loses or refuses a message). The provider's id is unique: a redelivery, even 50
 * at once, stores nothing and records no second event. A message to a number no location has is kept as `unrouted` (no
 * session, no event) so that nothing a tenant sent is lost, and the provider is still answered 200 so it does not retry
 * for ever.
 *
 * This is the platform's busiest write, so it takes two statements: one read (the number's route, the sender's
 * tenant, their session and its recent thread) and one write (a data-modifying CTE for every row). Each round trip
 * costs more here than the SQL it carries.
 */
@Injectable()
export class ReceiveInboundSms {
  constructor(private readonly orm: MikroORM) {}

  async receive(sms: InboundSms, provider: string, receivedAt = new Date()): Promise<ReceiveOutcome> {
    // A session created between the read and the write (the sender's first two messages at once) is read again, once:
    // by then the other delivery has committed it, as the write's upsert waited for it.
    for (let attempt = 1; ; attempt++) {
      try {
        return await (this.orm.em.fork() as EntityManager).transactional((em) => this.store(em, sms, provider, receivedAt));
      } catch (error) {
        if (error instanceof AlreadyStored) return 'duplicate';
        if (error instanceof SessionCreatedMeanwhile && attempt === 1) continue;
        throw error;
      }
    }
  }

  private async store(em: EntityManager, sms: InboundSms, provider: string, receivedAt: Date): Promise<ReceiveOutcome> {
    const messageId = uuidv7();
    const to = await this.destinationOf(em, sms, receivedAt);
    if (!to) {
      const rows = await em.execute<{ id: string }[]>(
        `${insertMessageSql(em)} values (?, ?, ?, 'sms', 'inbound', 'tenant', 'unrouted', null, null, null, null, null, ?, ?, ?, ?::jsonb, ?, ?)
         on conflict (provider, external_id) where channel = 'sms' do nothing returning id`,
        [messageId, provider, sms.messageSid, sms.from, sms.to, sms.body, JSON.stringify(sms.media), receivedAt, receivedAt],
      );
      return rows.length === 1 ? 'unrouted' : 'duplicate';
    }
    const route = { locationId: to.location_id, accountId: to.account_id, ownerUserId: to.owner_user_id };
    const tenant = to.tenant_id ? { tenantId: to.tenant_id, fullName: to.full_name!, buildingId: to.building_id } : null;
    const senderName = tenant?.fullName || null;
    // The session id the events name: the sender's existing session, or the one this delivery creates (always a new
    // id in the insert: an existing session's id there would collide on the primary key, not on the party).
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
      }),
    );
    // One session per tenant and channel; an unknown sender gets one per phone number.
    const party = tenant ? `tenant:${tenant.tenantId}` : `sender:${sms.from}`;
    const session = table(em, 'message_session');
    // Rows a data-modifying CTE's parts write are invisible to each other, so each insert takes what it needs from
    // the one before it: no message without its session, no draft or event without the message (a duplicate
    // MessageSid inserts none of them).
    const [written] = await em.execute<{ session_id: string; message_id: string | null }[]>(
      `with session as (
         insert into ${session}
           (id, location_id, account_id, channel, party, tenant_id, building_id, from_name, from_address, to_address, created_at, updated_at)
         values (?, ?, ?, 'sms', ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (location_id, channel, party) do update
           set updated_at = greatest(${session}.updated_at, excluded.updated_at), from_name = excluded.from_name,
               from_address = excluded.from_address, to_address = excluded.to_address
         returning id
       ), message as (
         ${insertMessageSql(em)}
         select ?, ?, ?, 'sms', 'inbound', 'tenant', 'received', session.id, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ? from session
         on conflict (provider, external_id) where channel = 'sms' do nothing
         returning id
       ), draft as (
         insert into ${table(em, 'message_draft')} (id, message_id, version, origin, status, requested_by, created_at)
         select ?, message.id, 1, 'ai', 'pending', null, ? from message
       ), events as (
         insert into ${outboxTableOf(em)} (${OUTBOX_COLUMNS})
         select e.id, e.subject, e.envelope::jsonb, e.created_at
           from message, session, (values (?::uuid, ?, ?, ?::timestamptz), (?::uuid, ?, ?, ?::timestamptz)) as e (id, subject, envelope, created_at)
          where session.id = ?
       )
       select session.id as session_id, (select id from message) as message_id from session`,
      [
        newSessionId, route.locationId, route.accountId, party, tenant?.tenantId ?? null, tenant?.buildingId ?? null, senderName, sms.from, sms.to, receivedAt, receivedAt,
        messageId, provider, sms.messageSid, route.locationId, route.accountId, tenant?.tenantId ?? null, senderName, sms.from, sms.to, sms.body, JSON.stringify(sms.media), receivedAt, receivedAt,
        draftId, receivedAt,
        ...received.values, ...draftRequested.values, sessionId,
      ],
    );
    // The session's bump must not stand for a message that was not stored.
    if (!written?.message_id) throw new AlreadyStored();
    if (written.session_id !== sessionId) throw new SessionCreatedMeanwhile();
    return 'stored';
  }

  /**
   * The number's location (none: unrouted), the location's tenant with the sender's phone, the sender's session there
   * and the session's last messages before this one, newest first, as `MessageDrafts.request` reads them.
   */
  private async destinationOf(em: EntityManager, sms: InboundSms, receivedAt: Date): Promise<Destination | null> {
    const [row] = await em.execute<Destination[]>(
      `select r.location_id, r.account_id, r.owner_user_id, t.tenant_id, t.full_name, t.building_id, s.id as session_id,
              (select json_agg(json_build_object('direction', e.direction, 'body', e.body) order by e.received_at desc, e.id desc)
                 from (select direction, body, received_at, id from ${table(em, 'message')}
                        where session_id = s.id and received_at <= ? and status in ('received', 'outgoing')
                        order by received_at desc, id desc limit ${draftLimits.thread}) e) as thread
         from ${table(em, 'location_phone_number')} r
         left join lateral (${tenantByPhoneSql(em, 'r.location_id')}) t on true
         left join ${table(em, 'message_session')} s
           on s.location_id = r.location_id and s.channel = 'sms' and s.party = coalesce('tenant:' || t.tenant_id, 'sender:' || ?)
        where r.phone_number = ? and r.assigned`,
      [receivedAt, sms.from, sms.from, sms.to],
    );
    return row ?? null;
  }
}

function insertMessageSql(em: EntityManager): string {
  return `insert into ${table(em, 'message')}
         (id, provider, external_id, channel, direction, role, status, session_id, location_id, account_id, tenant_id, sender_name,
          from_address, to_address, body, media, received_at, updated_at)`;
}
