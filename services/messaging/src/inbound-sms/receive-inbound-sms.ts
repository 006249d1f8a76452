import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MessageReceived } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { MessageDrafts } from '../drafts/message-drafts.repository.js';
import { RoutingTables, table } from '../routing/routing-tables.js';
import type { InboundSms } from './inbound-sms.form.js';

export type ReceiveOutcome = 'stored' | 'duplicate' | 'unrouted';

/** Thrown inside the transaction to roll back a delivery whose MessageSid is stored already. */
class AlreadyStored extends Error {}

/**
 * Stores an inbound SMS durably before the provider gets its 200: the message row, its session and the
 * MessageReceived outbox event commit in one transaction (the relay publishes it later, so NATS being down never
 * loses or refuses a message). The provider's id is unique: a redelivery, even 50 at once, stores nothing and records
 * no second event. A message to a number no location has is kept as `unrouted` (no session, no event) so that nothing a
 * tenant sent is lost, and the provider is still answered 200 so it does not retry for ever.
 */
@Injectable()
export class ReceiveInboundSms {
  constructor(
    private readonly orm: MikroORM,
    private readonly tables: RoutingTables,
    private readonly drafts: MessageDrafts,
  ) {}

  async receive(sms: InboundSms, provider: string, receivedAt = new Date()): Promise<ReceiveOutcome> {
    try {
      return await (this.orm.em.fork() as EntityManager).transactional((em) => this.store(em, sms, provider, receivedAt));
    } catch (error) {
      if (error instanceof AlreadyStored) return 'duplicate';
      throw error;
    }
  }

  private async store(em: EntityManager, sms: InboundSms, provider: string, receivedAt: Date): Promise<ReceiveOutcome> {
    const messageId = uuidv7();
    const route = await this.tables.routeOf(em, sms.to);
    if (!route) {
      const inserted = await this.insertMessage(em, { id: messageId, sms, provider, receivedAt, status: 'unrouted', sessionId: null, locationId: null, accountId: null, tenant: null });
      return inserted ? 'unrouted' : 'duplicate';
    }
    const tenant = await this.tables.tenantByPhone(em, route.locationId, sms.from);
    // One session per tenant and channel; an unknown sender gets one per phone number.
    const party = tenant ? `tenant:${tenant.tenantId}` : `sender:${sms.from}`;
    const sessions = await em.execute<{ id: string }[]>(
      `insert into ${table(em, 'message_session')}
         (id, location_id, account_id, channel, party, tenant_id, building_id, from_name, from_address, to_address, created_at, updated_at)
       values (?, ?, ?, 'sms', ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (location_id, channel, party) do update
         set updated_at = greatest(${table(em, 'message_session')}.updated_at, excluded.updated_at), from_name = excluded.from_name,
             from_address = excluded.from_address, to_address = excluded.to_address
       returning id`,
      [uuidv7(), route.locationId, route.accountId, party, tenant?.tenantId ?? null, tenant?.buildingId ?? null, tenant?.fullName || null, sms.from, sms.to, receivedAt, receivedAt],
    );
    const sessionId = sessions[0]!.id;
    const inserted = await this.insertMessage(em, {
      id: messageId,
      sms,
      provider,
      receivedAt,
      status: 'received',
      sessionId,
      locationId: route.locationId,
      accountId: route.accountId,
      tenant,
    });
    // The session's bump above must not stand for a message that was not stored.
    if (!inserted) throw new AlreadyStored();
    recordEvent(em, MessageReceived, {
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
      senderName: tenant?.fullName || null,
      body: sms.body,
      media: sms.media,
      receivedAt: receivedAt.toISOString(),
    });
    await this.drafts.request(em, messageId, 'ai', null, receivedAt);
    return 'stored';
  }

  private async insertMessage(
    em: EntityManager,
    m: {
      id: string;
      sms: InboundSms;
      provider: string;
      receivedAt: Date;
      status: 'received' | 'unrouted';
      sessionId: string | null;
      locationId: string | null;
      accountId: string | null;
      tenant: { tenantId: string; fullName: string } | null;
    },
  ): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into ${table(em, 'message')}
         (id, provider, external_id, channel, direction, role, status, session_id, location_id, account_id, tenant_id, sender_name,
          from_address, to_address, body, media, received_at, updated_at)
       values (?, ?, ?, 'sms', 'inbound', 'tenant', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)
       on conflict (provider, external_id) where channel = 'sms' do nothing
       returning id`,
      [
        m.id,
        m.provider,
        m.sms.messageSid,
        m.status,
        m.sessionId,
        m.locationId,
        m.accountId,
        m.tenant?.tenantId ?? null,
        m.tenant?.fullName || null,
        m.sms.from,
        m.sms.to,
        m.sms.body,
        JSON.stringify(m.sms.media),
        m.receivedAt,
        m.receivedAt,
      ],
    );
    return rows.length === 1;
  }
}
