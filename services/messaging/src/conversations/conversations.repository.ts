import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { messagingLimits, NO_NUMBER_TO_SEND_FROM, type ConversationKind, type ConversationView, type MessageRole, type Page, type ThreadMessage } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { iso, keyset, page, position } from '../inbox/inbox.repository.js';
import { AuditTrail } from '../outbound/audit-trail.js';
import { OutboundQueue } from '../outbound/outbound-queue.js';
import { pgArray, table } from '../routing/routing-tables.js';

/*
 * Conversations (spec 001 §3 Vendor conversation, Conversation (group)): a thread between a location's phone number
 * and other phones, carried over SMS. Twilio Conversations is the production analogue, but the SMS seam we have is
 * what carries it: every message the team sends is one outbox row per participant (`OutboundQueue.enqueue`, purpose
 * `group` or `vendor`), so a crash never loses or doubles a send and a failed one shows failed.
 *
 * A conversation is a message session (`message_session`, party `vendor:<partner>` or `group:<id>`) plus a
 * `conversation` row (kind, title, the number it talks from, the vendor) and, for a group, its participants' phones.
 * So its thread, unread count, mark-read (`conversation/{id}/mark-read`) and archived state are the session's, and its
 * id is its `conversation_sid`.
 *
 * - A vendor conversation is opened by the first text a location's VENDOR partner (messaging's partner directory, by
 *   phone) sends to the location's number, and every later text of theirs joins it (one per vendor and location; a
 *   text after an archive reopens it). It is done when archived, otherwise it needs a response (spec 001 §4).
 * - A group conversation is created by the team (`POST group`). What the team sends goes to every participant; a text
 *   from a participant to that number joins the most recently active open group that includes them and is relayed to
 *   the other participants as "<name or phone>: <text>", as a group text would be (media is not relayed: the outbox
 *   carries SMS text; the relay says how many attachments stayed in the conversation).
 * - Routing, decided at the SMS webhook's single read (`ReceiveInboundSms`): a tenant of the location wins (their
 *   message gets an AI draft, urgency detection and tickets, which a leak report must never miss), then the sender's
 *   most recent open group at that number, then their vendor conversation; anyone else is an unknown sender as before.
 * - No AI drafts for conversation messages: the team writes them; none are requested.
 */

interface ConversationRow {
  id: string;
  kind: ConversationKind;
  friendly_name: string;
  location_id: string;
  property_phone: string;
  partner_id: string | null;
  vendor_name: string | null;
  property_email: string | null;
  participants: { phoneNumber: string; name: string | null }[];
  archived: boolean;
  unread_count: string | number;
  last_id: string | null;
  last_preview: string | null;
  last_role: MessageRole | null;
  last_created_at: string | null;
  created_at: string;
  updated_at: string;
  position: string;
}

/** The session a conversation is, locked for a change. */
interface LockedConversation {
  id: string;
  kind: ConversationKind;
  location_id: string;
  account_id: string;
  property_phone: string;
  recipients: string[];
}

export interface NewGroup {
  locationId: string;
  accountId: string;
  friendlyName: string;
  propertyPhone: string;
  participants: readonly string[];
  actor: string;
}

@Injectable()
export class ConversationsRepository {
  constructor(
    private readonly outbound: OutboundQueue,
    private readonly audit: AuditTrail,
  ) {}

  /** The location of a conversation, for the access decision (null when there is none), and its kind. */
  async conversationLocation(em: EntityManager, id: string): Promise<{ propertyLocationId: string; kind: ConversationKind } | null> {
    const [row] = await em.execute<{ location_id: string; kind: ConversationKind }[]>(`select location_id, kind from ${table(em, 'conversation')} where id = ?`, [id]);
    return row ? { propertyLocationId: row.location_id, kind: row.kind } : null;
  }

  /** The location an assigned number of ours belongs to, or null. */
  async numberLocation(em: EntityManager, phone: string): Promise<{ locationId: string; accountId: string } | null> {
    const [row] = await em.execute<{ location_id: string; account_id: string }[]>(
      `select location_id, account_id from ${table(em, 'location_phone_number')} where phone_number = ? and assigned`,
      [phone],
    );
    return row ? { locationId: row.location_id, accountId: row.account_id } : null;
  }

  async createGroup(em: EntityManager, group: NewGroup, now = new Date()): Promise<string> {
    const id = uuidv7();
    await em.execute(
      `insert into ${table(em, 'message_session')}
         (id, location_id, account_id, channel, party, tenant_id, building_id, from_name, from_address, to_address, created_at, updated_at)
       values (?, ?, ?, 'sms', ?, null, null, ?, ?, ?, ?, ?)`,
      [id, group.locationId, group.accountId, `group:${id}`, group.friendlyName, group.participants.join(', '), group.propertyPhone, now, now],
      'run',
    );
    await em.execute(
      `insert into ${table(em, 'conversation')} (id, location_id, account_id, kind, friendly_name, property_phone, partner_id, created_by, created_at)
       values (?, ?, ?, 'group', ?, ?, null, ?, ?)`,
      [id, group.locationId, group.accountId, group.friendlyName, group.propertyPhone, group.actor, now],
      'run',
    );
    await em.execute(
      `insert into ${table(em, 'conversation_participant')} (conversation_id, phone, position)
       select ?, p.phone, p.position::int from unnest(?::text[]) with ordinality as p (phone, position)`,
      [id, pgArray(group.participants)],
      'run',
    );
    await this.audit.record(
      em,
      { accountId: group.accountId, locationId: group.locationId, action: 'group_conversation_created', actor: group.actor, sessionId: id, detail: { friendlyName: group.friendlyName, propertyPhone: group.propertyPhone, participants: group.participants } },
      now,
    );
    return id;
  }

  /** A page of the location's conversations (of one kind, or all), the most recently active first. */
  async list(em: EntityManager, locationId: string, query: { kind?: ConversationKind; limit: number; cursor?: string | undefined }): Promise<Page<ConversationView>> {
    const where = ['c.location_id = ?'];
    const params: unknown[] = [locationId];
    if (query.kind) {
      where.push('c.kind = ?');
      params.push(query.kind);
    }
    const [after, afterParams] = keyset(query.cursor, 's.updated_at', 's.id');
    const rows = await this.rows(em, [...where, after].join(' and '), [...params, ...afterParams], query.limit + 1);
    const [counted] = await em.execute<{ total: string }[]>(`select count(*) as total from ${table(em, 'conversation')} c where ${where.join(' and ')}`, params);
    return page(rows, query.limit, counted, toView);
  }

  async view(em: EntityManager, id: string): Promise<ConversationView> {
    const [row] = await this.rows(em, 'c.id = ?', [id], 1);
    return toView(row!);
  }

  /**
   * The team's message: one thread message (outbound) and one send per participant in the outbox, from the
   * conversation's number while it is still the location's (else the location's current one), all in the caller's
   * transaction. Sending to an archived conversation opens it again.
   */
  async send(em: EntityManager, id: string, text: string, actor: string, now = new Date()): Promise<{ message: ThreadMessage; recipients: number }> {
    const conversation = await this.lock(em, id);
    const from = await this.numberToSendFrom(em, conversation);
    const messageId = uuidv7();
    await em.execute(
      `insert into ${table(em, 'message')}
         (id, provider, external_id, channel, direction, role, status, session_id, location_id, account_id, tenant_id, sender_name,
          from_address, to_address, body, subject, media, received_at, urgent, updated_at)
       values (?, 'pm', ?, 'sms', 'outbound', 'property_manager', 'outgoing', ?, ?, ?, null, null, ?, ?, ?, null, '[]'::jsonb, ?, false, ?)`,
      [messageId, messageId, id, conversation.location_id, conversation.account_id, from, conversation.recipients.join(', '), text, now, now],
      'run',
    );
    const deliveries: string[] = [];
    for (const to of conversation.recipients) {
      const deliveryId = await this.outbound.enqueue(
        em,
        { accountId: conversation.account_id, locationId: conversation.location_id, purpose: conversation.kind, channel: 'sms', messageId, from, to, body: text, requestedBy: actor },
        now,
      );
      deliveries.push(deliveryId!);
    }
    await em.execute(`update ${table(em, 'message_session')} set updated_at = greatest(updated_at, ?), archived_at = null where id = ?`, [now, id], 'run');
    await this.audit.record(
      em,
      {
        accountId: conversation.account_id,
        locationId: conversation.location_id,
        action: 'conversation_message_sent',
        actor,
        sessionId: id,
        messageId,
        detail: { kind: conversation.kind, from, to: conversation.recipients, deliveries, sha256: createHash('sha256').update(text, 'utf8').digest('hex') },
      },
      now,
    );
    const message: ThreadMessage = {
      id: messageId,
      session_id: id,
      external_id: messageId,
      direction: 'outbound',
      role: 'property_manager',
      message: text,
      sender_name: null,
      sender_verified: true,
      media: [],
      attachments: [],
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      delivery_status: 'queued',
    };
    return { message, recipients: conversation.recipients.length };
  }

  /** Done (spec 001 §4): the conversation and its waiting messages archived; archiving again changes nothing. */
  async archive(em: EntityManager, id: string, actor: string, now = new Date()): Promise<void> {
    const conversation = await this.lock(em, id);
    const messages = await em.execute<{ id: string }[]>(
      `update ${table(em, 'message')} set archived_at = ?, updated_at = ?
        where session_id = ? and direction = 'inbound' and status = 'received' and replied_at is null and archived_at is null
        returning id`,
      [now, now, id],
    );
    const session = await em.execute<{ id: string }[]>(`update ${table(em, 'message_session')} set archived_at = ? where id = ? and archived_at is null returning id`, [now, id]);
    if (messages.length === 0 && session.length === 0) return;
    await this.audit.record(
      em,
      { accountId: conversation.account_id, locationId: conversation.location_id, action: 'conversation_archived', actor, sessionId: id, detail: { kind: conversation.kind, messages: messages.map((m) => m.id) } },
      now,
    );
  }

  private async lock(em: EntityManager, id: string): Promise<LockedConversation> {
    const [row] = await em.execute<LockedConversation[]>(
      `select c.id, c.kind, c.location_id, c.account_id, c.property_phone,
              case when c.kind = 'vendor' then array[coalesce(pd.phone, s.from_address)]
                   else array(select p.phone from ${table(em, 'conversation_participant')} p where p.conversation_id = c.id order by p.position) end as recipients
         from ${table(em, 'conversation')} c
         join ${table(em, 'message_session')} s on s.id = c.id
         left join ${table(em, 'partner_directory')} pd on pd.partner_id = c.partner_id
        where c.id = ?
        for update of s`,
      [id],
    );
    if (!row) throw new Error(`conversation ${id} not found`);
    return row;
  }

  private async numberToSendFrom(em: EntityManager, conversation: LockedConversation): Promise<string> {
    const [row] = await em.execute<{ phone_number: string }[]>(
      `select phone_number from ${table(em, 'location_phone_number')} where location_id = ? and assigned order by phone_number = ? desc, phone_number limit 1`,
      [conversation.location_id, conversation.property_phone],
    );
    if (!row) throw RpcFailure.conflict(NO_NUMBER_TO_SEND_FROM);
    return row.phone_number;
  }

  private rows(em: EntityManager, where: string, params: unknown[], limit: number): Promise<ConversationRow[]> {
    const message = table(em, 'message');
    return em.execute<ConversationRow[]>(
      `select c.id, c.kind, c.friendly_name, c.location_id, c.property_phone, c.partner_id, pd.full_name as vendor_name,
              (select e.email from ${table(em, 'location_email_address')} e where e.location_id = c.location_id order by e.email limit 1) as property_email,
              case when c.kind = 'vendor' then json_build_array(json_build_object('phoneNumber', coalesce(pd.phone, s.from_address), 'name', pd.full_name))
                   else coalesce((select json_agg(json_build_object('phoneNumber', p.phone, 'name', ${participantName(em, 'p.phone', 'c.location_id')}) order by p.position)
                                    from ${table(em, 'conversation_participant')} p where p.conversation_id = c.id), '[]'::json) end as participants,
              s.archived_at is not null as archived,
              (select count(*) from ${message} m where m.session_id = s.id and m.direction = 'inbound' and m.status = 'received' and m.read_at is null) as unread_count,
              last.id as last_id, last.preview as last_preview, last.role as last_role, ${iso('last.received_at')} as last_created_at,
              ${iso('c.created_at')} as created_at, ${iso('s.updated_at')} as updated_at, ${position('s.updated_at')} as position
         from ${table(em, 'conversation')} c
         join ${table(em, 'message_session')} s on s.id = c.id
         left join ${table(em, 'partner_directory')} pd on pd.partner_id = c.partner_id
         left join lateral (
           select m.id, left(m.body, ${messagingLimits.preview}) as preview, m.role, m.received_at
             from ${message} m where m.session_id = s.id order by m.received_at desc, m.id desc limit 1
         ) last on true
        where ${where}
        order by s.updated_at desc, s.id desc
        limit ${limit}`,
      params,
    );
  }
}

/** Whom the location knows a phone as: one of its active tenants, else one of its partners; null for a stranger. */
export function participantName(em: EntityManager, phone: string, locationId: string): string {
  return `coalesce(
    (select td.full_name from ${table(em, 'tenant_directory')} td
      where td.location_id = ${locationId} and td.phone_numbers @> array[${phone}]::text[] and not td.deleted and not td.archived order by td.tenant_id limit 1),
    (select pn.full_name from ${table(em, 'partner_directory')} pn
      where pn.phone = ${phone} and pn.location_ids @> array[${locationId}]::text[] order by pn.partner_id limit 1))`;
}

function toView(row: ConversationRow): ConversationView {
  return {
    id: row.id,
    conversation_sid: row.id,
    kind: row.kind,
    friendly_name: row.kind === 'vendor' ? (row.vendor_name ?? row.friendly_name) : row.friendly_name,
    property_location_id: row.location_id,
    propertyPhone: row.property_phone,
    property_email: row.property_email,
    vendor: row.kind === 'vendor' && row.partner_id ? { partner_id: row.partner_id, full_name: row.vendor_name ?? row.friendly_name } : null,
    participants: row.participants,
    archived: row.archived,
    status: row.archived ? 'done' : 'needs_response',
    unread_count: Number(row.unread_count),
    last_message:
      row.last_id && row.last_role && row.last_created_at !== null
        ? { id: row.last_id, message: row.last_preview ?? '', role: row.last_role, created_at: row.last_created_at }
        : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
