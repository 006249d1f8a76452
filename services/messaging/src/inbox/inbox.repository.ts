import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  decodeCursor,
  encodeCursor,
  messagingLimits,
  type InboxItem,
  type InboxStatus,
  type MessageRole,
  type MessageSessionView,
  type Page,
  type RequestOf,
  type ListInboxItems,
  type ThreadMessage,
  type InboxDraft,
  type MessageAttachment,
  type InboxSearchResult,
} from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { table } from '../routing/routing-tables.js';

type PageRequest = { limit: number; cursor?: string | undefined };
type InboxQuery = Pick<RequestOf<typeof ListInboxItems>, 'from' | 'filter' | 'channel'> & PageRequest;

interface MediaRow {
  url: string;
  contentType: string;
}

export interface TenantColumns {
  tenant_id: string | null;
  tenant_name: string | null;
  unit_id: string | null;
  tenant_building_id: string | null;
}

/** The messages the inbox counts: inbound, and routed to a location (an unrouted one belongs to no inbox). */
const INBOUND = `m.direction = 'inbound' and m.status = 'received'`;

/**
 * The inbox read model: lists, threads and counts as read-only queries over the message and session rows the
 * webhooks write (no entity hydration), each one indexed query scoped by location or session. Lists are keyset pages
 * (newest first) whose cursor is the last row's exact time (microseconds) and id, so rows arriving meanwhile never
 * shift a page and page 100 costs what page 1 does.
 */
@Injectable()
export class InboxRepository {
  async listItems(em: EntityManager, locationId: string, query: InboxQuery): Promise<Page<InboxItem>> {
    // A group conversation's messages are the Conversations page's, not Inbound Messages' (spec 001: the unified inbox
    // is e-mail, SMS and vendor conversations); they still count as unread.
    const where = [`m.location_id = ?`, INBOUND, `m.role <> 'participant'`];
    const params: unknown[] = [locationId];
    if (query.from === 'tenants') where.push(`m.role = 'tenant'`);
    if (query.from === 'vendors') where.push(`m.role = 'vendor'`);
    if (query.channel) {
      where.push('m.channel = ?');
      params.push(query.channel);
    }
    if (query.filter === 'in_progress') where.push('m.replied_at is null and m.archived_at is null');
    if (query.filter === 'completed') where.push('m.archived_at is not null');
    if (query.filter === 'emergency') where.push('m.urgent');
    const [after, afterParams] = keyset(query.cursor, 'm.received_at', 'm.id');
    const rows = await em.execute<(TenantColumns & {
      id: string;
      session_id: string;
      channel: 'sms' | 'email';
      external_id: string;
      role: MessageRole;
      body: string;
      sender_name: string | null;
      sender_verified: boolean;
      from_address: string;
      media: MediaRow[];
      attachments: MessageAttachment[];
      urgent: boolean;
      replied_to: boolean;
      archived: boolean;
      read: boolean;
      draft: InboxDraft | null;
      created_at: string;
      position: string;
    })[]>(
      `select m.id, m.session_id, m.channel, m.external_id, m.role, m.body, m.sender_name, m.sender_verified, m.from_address, m.media, ${attachmentsOf(em)}, m.urgent,
              m.replied_at is not null as replied_to, m.archived_at is not null as archived, m.read_at is not null as read,
              (select json_build_object('status', d.status, 'version', d.version, 'reply', d.reply, 'failure', d.failure, 'sources', d.sources,
                                        'near_misses', d.near_misses, 'outcome', d.outcome)
                 from ${table(em, 'message_draft')} d where d.message_id = m.id order by d.version desc limit 1) as draft,
              ${iso('m.received_at')} as created_at, ${position('m.received_at')} as position, ${tenantColumns}
         from ${table(em, 'message')} m
         ${tenantJoin(em, 'm.tenant_id')}
        where ${[...where, after].join(' and ')}
        order by m.received_at desc, m.id desc
        limit ${query.limit + 1}`,
      [...params, ...afterParams],
    );
    const [counted] = await em.execute<{ total: string }[]>(`select count(*) as total from ${table(em, 'message')} m where ${where.join(' and ')}`, params);
    return page(rows, query.limit, counted, (row) => ({
      id: row.id,
      session_id: row.session_id,
      type: row.channel,
      external_id: row.external_id,
      role: row.role,
      message: row.body,
      sender_name: row.sender_name,
      from: row.from_address,
      sender_verified: row.sender_verified,
      tenant: tenantOf(row),
      media: row.media.map(toMedia),
      attachments: row.attachments,
      status: itemStatus(row),
      urgent: row.urgent,
      replied_to: row.replied_to,
      archived: row.archived,
      read: row.read,
      draft: row.draft,
      created_at: row.created_at,
    }));
  }

  async unreadCount(em: EntityManager, locationId: string): Promise<number> {
    const [row] = await em.execute<{ n: string }[]>(`select count(*) as n from ${table(em, 'message')} m where m.location_id = ? and ${INBOUND} and m.read_at is null`, [
      locationId,
    ]);
    return Number(row?.n ?? 0);
  }

  async listSessions(
    em: EntityManager,
    locationId: string,
    query: { channel?: 'sms' | 'email' | undefined; tenant_id?: string | undefined } & PageRequest,
  ): Promise<Page<MessageSessionView>> {
    // Group conversations are not message sessions of the spec (types sms, email, vendor): the Conversations page has them.
    const where = ['s.location_id = ?', `s.party not like 'group:%'`];
    const params: unknown[] = [locationId];
    if (query.channel) {
      where.push('s.channel = ?');
      params.push(query.channel);
    }
    if (query.tenant_id) {
      where.push('s.tenant_id = ?');
      params.push(query.tenant_id);
    }
    const [after, afterParams] = keyset(query.cursor, 's.updated_at', 's.id');
    const rows = await this.sessionRows(em, [...where, after].join(' and '), [...params, ...afterParams], query.limit + 1);
    const [counted] = await em.execute<{ total: string }[]>(`select count(*) as total from ${table(em, 'message_session')} s where ${where.join(' and ')}`, params);
    return page(rows, query.limit, counted, toSessionView);
  }

  /**
   * The inbox search (`conversation/inbox/search`): the location's sessions whose sender or subject contains the text
   * (the name, the tenant's name as known now, the address; a phone in any notation by its digits), or one of whose
   * messages holds every word of it as a word prefix (full text over `message.search_vector`, GIN-indexed, 'simple'
   * configuration: tenants write in more than one language, so no stemming). Sessions are few per location and
   * scanned by the location's index; messages are many and found through the text index.
   */
  async search(
    em: EntityManager,
    locationId: string,
    query: { q: string; channel?: 'sms' | 'email' | undefined } & PageRequest,
  ): Promise<Page<InboxSearchResult>> {
    const contains = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = [`s.from_name ilike ?`, `s.from_address ilike ?`, `s.subject ilike ?`, `td.full_name ilike ?`];
    const matchParams: unknown[] = [contains, contains, contains, contains];
    const digits = phoneDigits(query.q);
    if (digits) {
      matches.push(`regexp_replace(s.from_address, '[^0-9]', '', 'g') like ?`);
      matchParams.push(`%${digits}%`);
    }
    const words = textQuery(query.q);
    if (words) {
      matches.push(`s.id in (select m.session_id from ${table(em, 'message')} m where m.location_id = ? and m.search_vector @@ to_tsquery('simple', ?))`);
      matchParams.push(locationId, words);
    }
    const where = ['s.location_id = ?', `(${matches.join(' or ')})`];
    const params: unknown[] = [locationId, ...matchParams];
    if (query.channel) {
      where.push('s.channel = ?');
      params.push(query.channel);
    }
    const [after, afterParams] = keyset(query.cursor, 's.updated_at', 's.id');
    const rows = await this.sessionRows(em, [...where, after].join(' and '), [...params, ...afterParams], query.limit + 1);
    const [counted] = await em.execute<{ total: string }[]>(
      `select count(*) as total from ${table(em, 'message_session')} s ${tenantJoin(em, 's.tenant_id')} where ${where.join(' and ')}`,
      params,
    );
    const found = page(rows, query.limit, counted, toSessionView);
    const matched = new Map<string, InboxSearchResult['match']>();
    if (words && found.items.length > 0) {
      const hits = await em.execute<{ session_id: string; id: string; preview: string; role: MessageRole; created_at: string }[]>(
        `select distinct on (m.session_id) m.session_id, m.id, left(m.body, ${messagingLimits.preview}) as preview, m.role, ${iso('m.received_at')} as created_at
           from ${table(em, 'message')} m
          where m.session_id in (${found.items.map(() => '?').join(', ')}) and m.location_id = ? and m.search_vector @@ to_tsquery('simple', ?)
          order by m.session_id, m.received_at desc, m.id desc`,
        [...found.items.map((item) => item.session_id), locationId, words],
      );
      for (const hit of hits) matched.set(hit.session_id, { id: hit.id, message: hit.preview, role: hit.role, created_at: hit.created_at });
    }
    return { ...found, items: found.items.map((item) => ({ ...item, match: matched.get(item.session_id) ?? null })) };
  }

  /**
   * The sessions of the tenants whose e-mail contact is `email` (a resident's own conversations, every property they
   * rent at), newest updated first. Archived and deleted tenants are no longer the resident's.
   */
  async listResidentSessions(em: EntityManager, email: string, channel: 'sms' | 'email', query: PageRequest): Promise<Page<MessageSessionView>> {
    const where = [`s.channel = ?`, `s.tenant_id in (${residentTenants(em)})`];
    const params: unknown[] = [channel, email];
    const [after, afterParams] = keyset(query.cursor, 's.updated_at', 's.id');
    const rows = await this.sessionRows(em, [...where, after].join(' and '), [...params, ...afterParams], query.limit + 1);
    const [counted] = await em.execute<{ total: string }[]>(`select count(*) as total from ${table(em, 'message_session')} s where ${where.join(' and ')}`, params);
    return page(rows, query.limit, counted, toSessionView);
  }

  /** Whether the session is one of the resident's (by the same rule as their list): anything else is not found. */
  async isResidentSession(em: EntityManager, sessionId: string, email: string): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `select s.id from ${table(em, 'message_session')} s where s.id = ? and s.tenant_id in (${residentTenants(em)})`,
      [sessionId, email],
    );
    return rows.length === 1;
  }

  /** The location of a session, for the access decision (null when there is no such session). */
  async sessionLocation(em: EntityManager, sessionId: string): Promise<{ propertyLocationId: string } | null> {
    const [row] = await em.execute<{ location_id: string }[]>(`select location_id from ${table(em, 'message_session')} where id = ?`, [sessionId]);
    return row ? { propertyLocationId: row.location_id } : null;
  }

  async session(em: EntityManager, sessionId: string): Promise<MessageSessionView> {
    const [row] = await this.sessionRows(em, 's.id = ?', [sessionId], 1);
    return toSessionView(row!);
  }

  async listMessages(em: EntityManager, sessionId: string, query: PageRequest): Promise<Page<ThreadMessage>> {
    const [after, afterParams] = keyset(query.cursor, 'm.received_at', 'm.id');
    const rows = await em.execute<{
      id: string;
      session_id: string;
      external_id: string;
      direction: 'inbound' | 'outbound';
      role: MessageRole;
      body: string;
      sender_name: string | null;
      sender_verified: boolean;
      media: MediaRow[];
      attachments: MessageAttachment[];
      delivery_status: ThreadMessage['delivery_status'];
      created_at: string;
      updated_at: string;
      position: string;
    }[]>(
      `select m.id, m.session_id, m.external_id, m.direction, m.role, m.body, m.sender_name, m.sender_verified, m.media, ${attachmentsOf(em)},
              (select d.status from ${table(em, 'outbound_delivery')} d where d.message_id = m.id order by d.created_at desc limit 1) as delivery_status,
              ${iso('m.received_at')} as created_at, ${iso('m.updated_at')} as updated_at, ${position('m.received_at')} as position
         from ${table(em, 'message')} m
        where ${['m.session_id = ?', after].join(' and ')}
        order by m.received_at desc, m.id desc
        limit ${query.limit + 1}`,
      [sessionId, ...afterParams],
    );
    const [counted] = await em.execute<{ total: string }[]>(`select count(*) as total from ${table(em, 'message')} m where m.session_id = ?`, [sessionId]);
    return page(rows, query.limit, counted, (row) => ({
      id: row.id,
      session_id: row.session_id,
      external_id: row.external_id,
      direction: row.direction,
      role: row.role,
      message: row.body,
      sender_name: row.sender_name,
      sender_verified: row.sender_verified,
      media: row.media.map(toMedia),
      attachments: row.attachments,
      created_at: row.created_at,
      updated_at: row.updated_at,
      delivery_status: row.delivery_status,
    }));
  }

  /**
   * Marks every inbound message of the session that is committed now as read by `userId`: a message whose
   * transaction commits after this statement is not seen by it and stays unread, so nothing is marked read unseen.
   */
  async markRead(em: EntityManager, sessionId: string, userId: string, now = new Date()): Promise<void> {
    await em.execute(
      `update ${table(em, 'message')} m set read_at = ?, read_by = ?, updated_at = ? where m.session_id = ? and ${INBOUND} and m.read_at is null`,
      [now, userId, now, sessionId],
      'run',
    );
  }

  private sessionRows(em: EntityManager, where: string, params: unknown[], limit: number): Promise<SessionRow[]> {
    const message = table(em, 'message');
    return em.execute<SessionRow[]>(
      `select s.id, case when s.party like 'vendor:%' then 'vendor' else s.channel end as channel, s.tenant_id as session_tenant_id, s.building_id, s.location_id, s.from_name, s.from_address, s.to_address,
              s.subject, ${iso('s.created_at')} as created_at, ${iso('s.updated_at')} as updated_at, ${position('s.updated_at')} as position,
              ${tenantColumns},
              (select count(*) from ${message} m where m.session_id = s.id and ${INBOUND} and m.read_at is null) as unread_count,
              exists (select 1 from ${message} m where m.session_id = s.id and ${INBOUND} and m.replied_at is null and m.archived_at is null) as open,
              exists (select 1 from ${message} m where m.session_id = s.id and ${INBOUND} and m.urgent and m.replied_at is null and m.archived_at is null) as urgent,
              last.id as last_id, last.preview as last_preview, last.role as last_role, ${iso('last.received_at')} as last_created_at
         from ${table(em, 'message_session')} s
         ${tenantJoin(em, 's.tenant_id')}
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

interface SessionRow extends TenantColumns {
  id: string;
  /** A vendor conversation's session is of type `vendor` (spec 001 §3 Message session.type). */
  channel: 'sms' | 'email' | 'vendor';
  session_tenant_id: string | null;
  building_id: string | null;
  location_id: string;
  from_name: string | null;
  from_address: string;
  to_address: string;
  subject: string | null;
  created_at: string;
  updated_at: string;
  position: string;
  unread_count: string | number;
  open: boolean;
  urgent: boolean;
  last_id: string | null;
  last_preview: string | null;
  last_role: MessageRole | null;
  last_created_at: string | null;
}

function toSessionView(row: SessionRow): MessageSessionView {
  return {
    session_id: row.id,
    type: row.channel,
    tenant_id: row.session_tenant_id,
    tenant: tenantOf(row),
    building_id: row.building_id,
    property_location_id: row.location_id,
    from: { name: row.from_name, source: row.from_address, to: row.to_address },
    subject: row.subject,
    status: row.open ? 'needs_response' : 'done',
    urgent: row.urgent,
    unread_count: Number(row.unread_count),
    last_message:
      row.last_id && row.last_role && row.last_created_at !== null
        ? { id: row.last_id, message: row.last_preview ?? '', role: row.last_role, created_at: row.last_created_at }
        : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The tenant as messaging's copy knows them now (renamed since the message, or gone when deleted). */
export const tenantColumns = `td.tenant_id, td.full_name as tenant_name, td.unit_id, td.building_id as tenant_building_id`;

/**
 * The search text as a tsquery: every run of letters and digits a word prefix, all of them required. Only letters and
 * digits reach to_tsquery, so nothing a user types can be read as its operators; null when there is no word at all.
 */
export function textQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? [...new Set(words)].map((word) => `${word}:*`).join(' & ') : null;
}

/** A search that reads as (part of) a phone number: only digits and the marks phones are written with, 3+ digits. */
export function phoneDigits(text: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/** The ids of the active tenants with the e-mail contact given as the next parameter (lower-case, as tenant events carry them). */
function residentTenants(em: EntityManager): string {
  return `select d.tenant_id from ${table(em, 'tenant_directory')} d where d.emails @> array[lower(?)]::text[] and not d.archived and not d.deleted`;
}

export function tenantJoin(em: EntityManager, column: string): string {
  return `left join ${table(em, 'tenant_directory')} td on td.tenant_id = ${column} and not td.deleted`;
}

export function tenantOf(row: TenantColumns): InboxItem['tenant'] {
  return row.tenant_id ? { id: row.tenant_id, full_name: row.tenant_name ?? '', unit_id: row.unit_id, building_id: row.tenant_building_id } : null;
}

/** A message's stored attachments as listed (spec 001 §3 E-mail draft `documents`), in the order the e-mail had them. */
function attachmentsOf(em: EntityManager): string {
  return `coalesce((select json_agg(json_build_object('id', a.id, 'file_name', a.file_name, 'content_type', a.content_type, 'size', a.size) order by a.position)
                      from ${table(em, 'message_attachment')} a where a.message_id = m.id), '[]'::json) as attachments`;
}

function toMedia(media: MediaRow): { url: string; content_type: string } {
  return { url: media.url, content_type: media.contentType };
}

/** Spec 001 §4: an item is done once replied to or archived; until then it needs a response. */
function itemStatus(row: { replied_to: boolean; archived: boolean }): InboxStatus {
  return row.replied_to || row.archived ? 'done' : 'needs_response';
}

/** The keyset condition "after the cursor's row" in newest-first order; 400 "Invalid cursor" for one we did not make. */
export function keyset(cursor: string | undefined, timeColumn: string, idColumn: string): [string, unknown[]] {
  if (cursor === undefined) return ['true', []];
  const position = decodeCursor(cursor, 2);
  if (!position || typeof position[0] !== 'string' || typeof position[1] !== 'string' || !microTime.test(position[0]) || !uuid.test(position[1])) {
    throw RpcFailure.badRequest('Invalid cursor');
  }
  return [`(${timeColumn}, ${idColumn}) < (?::timestamptz, ?::uuid)`, [position[0], position[1]]];
}

export function page<Row extends { id: string; position: string }, Item>(rows: Row[], limit: number, counted: { total: string } | undefined, view: (row: Row) => Item): Page<Item> {
  const last = rows.length > limit ? rows[limit - 1]! : undefined;
  return { items: rows.slice(0, limit).map(view), next_cursor: last ? encodeCursor([last.position, last.id]) : null, total: Number(counted?.total ?? 0) };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const microTime = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/;

/** A timestamp as ISO text (UTC, milliseconds, Z), as the contracts carry times. */
export function iso(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A timestamp at PostgreSQL's full precision, for cursors: milliseconds would skip or repeat rows of one millisecond. */
export function position(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
