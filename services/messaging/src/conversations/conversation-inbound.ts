import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MessageReceived } from '@pm/contracts';
import { relayText } from './relay-text.js';
import { OUTBOX_COLUMNS, outboxRowOf, outboxTableOf } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import type { InboundSms } from '../inbound-sms/inbound-sms.form.js';
import { OutboundQueue } from '../outbound/outbound-queue.js';
import { table } from '../routing/routing-tables.js';

/** Where the SMS webhook's routing read sent a text that is no tenant's (see the design note in conversations.repository.ts). */
export interface ConversationDestination {
  locationId: string;
  accountId: string;
  ownerUserId: string;
  /** The sender's most recently active open group at the number called, if any (it wins over a vendor conversation). */
  groupId: string | null;
  /** Whom the location knows the sender as (a partner's name), for the group's relay and the thread. */
  senderName: string | null;
  /** The sender's vendor partnership at the location, when they are no group's member. */
  vendorPartnerId: string | null;
}

/** A redelivered MessageSid: roll everything of this delivery back. */
class DuplicateDelivery extends Error {}

/**
 * An inbound SMS that belongs to a conversation, stored in one transaction: the vendor's conversation opened on
 * first contact (or reopened after an archive), the message (role `vendor` or `participant`, no draft: the team
 * writes conversation messages itself), its MessageReceived event (the inbox and dashboard refresh on it) and, for a
 * group, one relay SMS per other participant through the outbox. The provider's id is unique as for any SMS: a
 * redelivery stores and relays nothing.
 */
@Injectable()
export class ConversationInbound {
  constructor(private readonly outbound: OutboundQueue) {}

  async receive(em: EntityManager, sms: InboundSms, provider: string, receivedAt: Date, to: ConversationDestination): Promise<'stored' | 'duplicate'> {
    try {
      await em.transactional(async (tx) => {
        const conversationId = to.groupId ?? (await this.vendorConversation(tx, sms, receivedAt, to));
        const messageId = uuidv7();
        const stored = await tx.execute<{ id: string }[]>(
          `insert into ${table(tx, 'message')}
             (id, provider, external_id, channel, direction, role, status, session_id, location_id, account_id, tenant_id, sender_name,
              from_address, to_address, body, media, received_at, updated_at)
           values (?, ?, ?, 'sms', 'inbound', ?, 'received', ?, ?, ?, null, ?, ?, ?, ?, ?::jsonb, ?, ?)
           on conflict (provider, external_id) where channel = 'sms' do nothing
           returning id`,
          [messageId, provider, sms.messageSid, to.groupId ? 'participant' : 'vendor', conversationId, to.locationId, to.accountId, to.senderName, sms.from, sms.to, sms.body, JSON.stringify(sms.media), receivedAt, receivedAt],
        );
        if (stored.length === 0) throw new DuplicateDelivery();
        await tx.execute(`update ${table(tx, 'message_session')} set updated_at = greatest(updated_at, ?) where id = ?`, [receivedAt, conversationId], 'run');
        const event = outboxRowOf(MessageReceived, {
          locationId: to.locationId,
          accountId: to.accountId,
          ownerUserId: to.ownerUserId,
          messageId,
          sessionId: conversationId,
          channel: 'sms',
          provider,
          externalId: sms.messageSid,
          from: sms.from,
          to: sms.to,
          tenantId: null,
          buildingId: null,
          senderName: to.senderName,
          body: sms.body,
          media: sms.media,
          receivedAt: receivedAt.toISOString(),
        });
        await tx.execute(`insert into ${outboxTableOf(tx)} (${OUTBOX_COLUMNS}) values (?, ?, ?::jsonb, ?)`, event.values, 'run');
        if (to.groupId) await this.relay(tx, to, sms, messageId, receivedAt);
      });
      return 'stored';
    } catch (error) {
      if (error instanceof DuplicateDelivery) return 'duplicate';
      throw error;
    }
  }

  /** The vendor's conversation at the location: created by their first text, reopened by a text after an archive. */
  private async vendorConversation(em: EntityManager, sms: InboundSms, at: Date, to: ConversationDestination): Promise<string> {
    const name = to.senderName ?? sms.from;
    const [session] = await em.execute<{ id: string }[]>(
      `insert into ${table(em, 'message_session')}
         (id, location_id, account_id, channel, party, tenant_id, building_id, from_name, from_address, to_address, created_at, updated_at)
       values (?, ?, ?, 'sms', ?, null, null, ?, ?, ?, ?, ?)
       on conflict (location_id, channel, party) do update
         set updated_at = greatest(${table(em, 'message_session')}.updated_at, excluded.updated_at), archived_at = null,
             from_name = excluded.from_name, from_address = excluded.from_address, to_address = excluded.to_address
       returning id`,
      [uuidv7(), to.locationId, to.accountId, `vendor:${to.vendorPartnerId}`, name, sms.from, sms.to, at, at],
    );
    await em.execute(
      `insert into ${table(em, 'conversation')} (id, location_id, account_id, kind, friendly_name, property_phone, partner_id, created_by, created_at)
       values (?, ?, ?, 'vendor', ?, ?, ?, null, ?)
       on conflict (id) do update set friendly_name = excluded.friendly_name, property_phone = excluded.property_phone`,
      [session!.id, to.locationId, to.accountId, name, sms.to, to.vendorPartnerId, at],
      'run',
    );
    return session!.id;
  }

  /** What a participant wrote, to every other participant, as a group text shows it: "<name or phone>: <text>". */
  private async relay(em: EntityManager, to: ConversationDestination, sms: InboundSms, messageId: string, at: Date): Promise<void> {
    const others = await em.execute<{ phone: string }[]>(
      `select phone from ${table(em, 'conversation_participant')} where conversation_id = ? and phone <> ? order by position`,
      [to.groupId, sms.from],
    );
    const body = relayText(to.senderName ?? sms.from, sms.body, sms.media.length);
    for (const other of others) {
      await this.outbound.enqueue(
        em,
        {
          accountId: to.accountId,
          locationId: to.locationId,
          purpose: 'group',
          channel: 'sms',
          messageId: null,
          from: sms.to,
          to: other.phone,
          body,
          requestedBy: null,
          // A relay is decided once per inbound message and recipient, whatever retries the transaction sees.
          dedupeKey: `group-relay:${messageId}:${other.phone}`,
        },
        at,
      );
    }
  }
}
