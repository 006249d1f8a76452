import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { draftLimits, DraftRequested, MessageDraftEdited, type DataOf, type DraftResult, type EventOf, type MessageDraftView, type ReplyDraftCompleted } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { timeZoneOfUsAddress } from '@pm/geo/time-zones';
import { v7 as uuidv7 } from 'uuid';
import { table } from '../routing/routing-tables.js';

type Origin = MessageDraftView['origin'];

interface DraftRow {
  id: string;
  message_id: string;
  version: number;
  origin: Origin;
  status: MessageDraftView['status'];
  reply: string | null;
  language: string | null;
  urgent: boolean;
  intent: MessageDraftView['intent'];
  confidence: number | null;
  sources: MessageDraftView['sources'];
  near_misses: MessageDraftView['near_misses'];
  outcome: MessageDraftView['outcome'];
  flagged_for_manager: boolean;
  failure: string | null;
  edited_by: string | null;
  created_at: string;
  completed_at: string | null;
}

const COLUMNS = `id, message_id, version, origin, status, reply, language, urgent, intent, confidence, sources, near_misses, outcome,
  flagged_for_manager, failure, edited_by, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as completed_at`;

/**
 * A message's draft versions. New versions are numbered under a lock on the message row, so a regenerate and an edit
 * at the same moment never take the same number; a pending version is filled once, by the answer naming it, so a
 * redelivered or late answer never overwrites anything.
 */
@Injectable()
export class MessageDrafts {
  /** The inbound message's location, or null for an unknown id (and unrouted messages, which no team sees). */
  async messageLocation(em: EntityManager, messageId: string): Promise<{ propertyLocationId: string } | null> {
    const [row] = await em.execute<{ location_id: string }[]>(
      `select location_id from ${table(em, 'message')} where id = ? and direction = 'inbound' and status = 'received'`,
      [messageId],
    );
    return row ? { propertyLocationId: row.location_id } : null;
  }

  /**
   * A new pending version, and the event that asks the assistant for it (in the caller's transaction: with the
   * message itself for the first draft). It carries the session's recent thread, oldest first.
   */
  async request(em: EntityManager, messageId: string, origin: 'ai' | 'regenerate', requestedBy: string | null, now = new Date()): Promise<MessageDraftView> {
    const message = table(em, 'message');
    const [target] = await em.execute<{
      session_id: string;
      location_id: string;
      account_id: string;
      channel: 'sms' | 'email';
      body: string;
      subject: string | null;
      received_at: Date;
      sender_name: string | null;
      tenant_name: string | null;
      address_text: string | null;
    }[]>(
      `select m.session_id, m.location_id, m.account_id, m.channel, m.body, m.subject, m.received_at, m.sender_name, t.full_name as tenant_name,
              l.address_text
         from ${message} m left join ${table(em, 'tenant_directory')} t on t.tenant_id = m.tenant_id and not t.deleted
         left join ${table(em, 'location_directory')} l on l.location_id = m.location_id
        where m.id = ? for update of m`,
      [messageId],
    );
    if (!target) throw new Error(`message ${messageId} not found`);
    const earlier = await em.execute<{ direction: 'inbound' | 'outbound'; body: string }[]>(
      `select direction, body from ${message}
        where session_id = ? and id <> ? and received_at <= ? and status in ('received', 'outgoing')
        order by received_at desc, id desc limit ${draftLimits.thread}`,
      [target.session_id, messageId, target.received_at],
    );
    const draft = await this.insertVersion(em, messageId, { origin, status: 'pending', requestedBy, createdAt: now });
    recordEvent(
      em,
      DraftRequested,
      draftRequestOf({
        locationId: target.location_id,
        accountId: target.account_id,
        draftId: draft.id,
        messageId,
        sessionId: target.session_id,
        channel: target.channel,
        tenantName: target.tenant_name || target.sender_name || null,
        subject: target.subject,
        body: target.body,
        receivedAt: target.received_at,
        earlierNewestFirst: earlier,
        locationAddress: target.address_text,
      }),
    );
    return draft;
  }

  /** The team's own text, a new version that keeps what the AI decided about the message (language, urgency, intent). */
  async edit(em: EntityManager, messageId: string, reply: string, userId: string, now = new Date()): Promise<MessageDraftView> {
    const [target] = await em.execute<{ session_id: string; location_id: string; account_id: string }[]>(
      `select session_id, location_id, account_id from ${table(em, 'message')} where id = ? for update`,
      [messageId],
    );
    if (!target) throw new Error(`message ${messageId} not found`);
    const [current] = await this.versions(em, messageId, 1);
    const draft = await this.insertVersion(em, messageId, {
      origin: 'edit',
      status: 'ready',
      reply,
      language: current?.language ?? null,
      urgent: current?.urgent ?? false,
      intent: current?.intent ?? null,
      sources: current?.sources ?? [],
      nearMisses: current?.near_misses ?? [],
      flaggedForManager: current?.flagged_for_manager ?? false,
      requestedBy: userId,
      editedBy: userId,
      createdAt: now,
      completedAt: now,
    });
    recordEvent(em, MessageDraftEdited, {
      draftId: draft.id,
      messageId,
      sessionId: target.session_id,
      locationId: target.location_id,
      accountId: target.account_id,
      version: draft.version,
      editedBy: userId,
    });
    return draft;
  }

  /**
   * Fills the version the assistant answered for, if it is still pending: a redelivered answer, or one for a version
   * already filled, changes nothing. An urgent draft marks its message urgent (the inbox's URGENT and emergency filter).
   */
  async complete(em: EntityManager, event: EventOf<typeof ReplyDraftCompleted>): Promise<boolean> {
    const data = event.data;
    const draft: DraftResult | null = data.status === 'ready' ? data.draft : null;
    const updated = await em.execute<{ message_id: string }[]>(
      `update ${table(em, 'message_draft')}
          set status = ?, reply = ?, language = ?, urgent = ?, intent = ?, confidence = ?, sources = ?::jsonb,
              near_misses = ?::jsonb, outcome = ?, flagged_for_manager = ?, failure = ?, completed_at = ?
        where id = ? and message_id = ? and status = 'pending'
        returning message_id`,
      [
        draft ? 'ready' : 'failed',
        draft?.reply ?? null,
        draft?.language ?? null,
        draft?.urgent ?? false,
        draft?.intent ?? null,
        draft?.confidence ?? null,
        JSON.stringify(draft?.sources ?? []),
        JSON.stringify(draft?.nearMisses ?? []),
        draft?.outcome ?? null,
        draft?.flaggedForManager ?? false,
        draft ? null : (data.failure ?? 'The AI could not draft a reply.').slice(0, draftLimits.failure),
        new Date(data.completedAt),
        data.draftId,
        data.messageId,
      ],
    );
    if (updated.length === 0) return false;
    if (draft?.urgent) {
      await em.execute(`update ${table(em, 'message')} set urgent = true, updated_at = greatest(updated_at, ?) where id = ?`, [new Date(data.completedAt), data.messageId], 'run');
    }
    return true;
  }

  /** The versions, newest first. */
  async versions(em: EntityManager, messageId: string, limit?: number): Promise<MessageDraftView[]> {
    const rows = await em.execute<DraftRow[]>(
      `select ${COLUMNS} from ${table(em, 'message_draft')} where message_id = ? order by version desc${limit ? ` limit ${limit}` : ''}`,
      [messageId],
    );
    return rows.map(toView);
  }

  private async insertVersion(
    em: EntityManager,
    messageId: string,
    v: {
      origin: Origin;
      status: MessageDraftView['status'];
      reply?: string;
      language?: string | null;
      urgent?: boolean;
      intent?: MessageDraftView['intent'];
      sources?: MessageDraftView['sources'];
      nearMisses?: MessageDraftView['near_misses'];
      flaggedForManager?: boolean;
      requestedBy: string | null;
      editedBy?: string;
      createdAt: Date;
      completedAt?: Date;
    },
  ): Promise<MessageDraftView> {
    const drafts = table(em, 'message_draft');
    const [row] = await em.execute<DraftRow[]>(
      `insert into ${drafts}
         (id, message_id, version, origin, status, reply, language, urgent, intent, sources, near_misses, flagged_for_manager, requested_by, edited_by,
          created_at, completed_at)
       select ?, ?, coalesce(max(version), 0) + 1, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ? from ${drafts} where message_id = ?
       returning ${COLUMNS}`,
      [
        uuidv7(),
        messageId,
        v.origin,
        v.status,
        v.reply ?? null,
        v.language ?? null,
        v.urgent ?? false,
        v.intent ?? null,
        JSON.stringify(v.sources ?? []),
        JSON.stringify(v.nearMisses ?? []),
        v.flaggedForManager ?? false,
        v.requestedBy,
        v.editedBy ?? null,
        v.createdAt,
        v.completedAt ?? null,
        messageId,
      ],
    );
    return toView(row!);
  }
}

/** A thread message as the draft request carries it. */
export interface EarlierMessage {
  direction: 'inbound' | 'outbound';
  body: string;
}

/**
 * What `DraftRequested` says, the one shape for `request` and for the SMS webhook, which writes a new message's first
 * version in its own statement: the session's earlier messages (at most `draftLimits.thread`, read newest first) oldest
 * first, each as the tenant's or the team's.
 */
export function draftRequestOf(r: {
  locationId: string;
  accountId: string;
  draftId: string;
  messageId: string;
  sessionId: string;
  channel: 'sms' | 'email';
  tenantName: string | null;
  subject: string | null;
  body: string;
  receivedAt: Date | string;
  earlierNewestFirst: readonly EarlierMessage[];
  /** The location's address as messaging's directory has it (null before its first location event). */
  locationAddress: string | null;
}): DataOf<typeof DraftRequested> {
  const { earlierNewestFirst, receivedAt, locationAddress, ...data } = r;
  return {
    ...data,
    timeZone: timeZoneOfUsAddress(locationAddress),
    thread: [...earlierNewestFirst].reverse().map((row) => ({ from: row.direction === 'inbound' ? ('tenant' as const) : ('manager' as const), text: row.body })),
    receivedAt: new Date(receivedAt).toISOString(),
  };
}

function toView(row: DraftRow): MessageDraftView {
  return { ...row, confidence: row.confidence === null ? null : Number(row.confidence) };
}
