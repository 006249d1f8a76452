import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { decodeCursor, encodeCursor, TicketChanged, type Page, type TenantIntent, type TicketChange, type TicketView } from '@pm/contracts';
import { recordEvent, RpcFailure } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { AuditTrail, type AuditAction } from '../outbound/audit-trail.js';
import { Directory } from '../directory/directory.js';
import { table } from '../routing/routing-tables.js';

interface TicketRow {
  id: string;
  account_id: string;
  location_id: string;
  message_id: string;
  session_id: string | null;
  channel: 'sms' | 'email';
  body: string;
  sender_name: string | null;
  intent: TenantIntent | null;
  urgent: boolean;
  assigned_to: string | null;
  resolved_at: string | null;
  created_at: string;
  position: string;
  tenant_id: string | null;
  tenant_name: string | null;
  unit_id: string | null;
  building_id: string | null;
}

/** A ticket's location and account, for the access rule and the audit. */
export interface TicketScope {
  id: string;
  propertyLocationId: string;
  accountId: string;
  messageId: string;
  sessionId: string | null;
  urgent: boolean;
  assignedTo: string | null;
  resolved: boolean;
}

const AUDIT: Record<TicketChange, AuditAction> = { opened: 'ticket_opened', assigned: 'ticket_assigned', unassigned: 'ticket_assigned', resolved: 'ticket_resolved' };

/**
 * Tickets: one per inbound message at most (opened from its draft), resolved once for good, assigned to one user.
 * Every change is audited and announced (`TicketChanged`, which the notify stream carries) in its own transaction.
 */
@Injectable()
export class TicketsRepository {
  constructor(
    private readonly audit: AuditTrail,
    private readonly directory: Directory,
  ) {}

  /** Opens the message's ticket unless it has one; answers the new ticket's id, or null. */
  async open(em: EntityManager, message: { id: string; locationId: string; accountId: string; sessionId: string | null }, why: { intent: TenantIntent | null; urgent: boolean }, now: Date): Promise<string | null> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into ${table(em, 'ticket')} (id, account_id, location_id, message_id, intent, urgent, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (message_id) do nothing returning id`,
      [uuidv7(), message.accountId, message.locationId, message.id, why.intent, why.urgent, now, now],
    );
    const id = rows[0]?.id;
    if (!id) return null;
    await this.changed(em, { id, propertyLocationId: message.locationId, accountId: message.accountId, messageId: message.id, sessionId: message.sessionId, urgent: why.urgent, assignedTo: null, resolved: false }, 'opened', null, { intent: why.intent, urgent: why.urgent }, now);
    return id;
  }

  /** The ticket's scope under a row lock (a resolve and an assign at once apply one after the other), or null. */
  async scope(em: EntityManager, id: string): Promise<TicketScope | null> {
    const [row] = await em.execute<{ id: string; location_id: string; account_id: string; message_id: string; session_id: string | null; urgent: boolean; assigned_to: string | null; resolved: boolean }[]>(
      `select t.id, t.location_id, t.account_id, t.message_id, m.session_id, t.urgent, t.assigned_to, t.resolved_at is not null as resolved
         from ${table(em, 'ticket')} t join ${table(em, 'message')} m on m.id = t.message_id where t.id = ? for update of t`,
      [id],
    );
    return row
      ? { id: row.id, propertyLocationId: row.location_id, accountId: row.account_id, messageId: row.message_id, sessionId: row.session_id, urgent: row.urgent, assignedTo: row.assigned_to, resolved: row.resolved }
      : null;
  }

  /** Resolved for good; a resolved ticket stays as it was (no second event or audit entry). */
  async resolve(em: EntityManager, ticket: TicketScope, by: string, now = new Date()): Promise<void> {
    if (ticket.resolved) return;
    await em.execute(`update ${table(em, 'ticket')} set resolved_at = ?, resolved_by = ?, updated_at = ? where id = ?`, [now, by, now, ticket.id], 'run');
    await this.changed(em, { ...ticket, resolved: true }, 'resolved', by, {}, now);
  }

  /** Assigns (a user id) or unassigns (null); the same assignee again changes nothing. */
  async assign(em: EntityManager, ticket: TicketScope, assignee: string | null, by: string, now = new Date()): Promise<void> {
    if (ticket.assignedTo === assignee) return;
    await em.execute(`update ${table(em, 'ticket')} set assigned_to = ?, updated_at = ? where id = ?`, [assignee, now, ticket.id], 'run');
    await this.changed(em, { ...ticket, assignedTo: assignee }, assignee ? 'assigned' : 'unassigned', by, { assignedTo: assignee, previous: ticket.assignedTo }, now);
  }

  /** One column of the board: open or resolved tickets, newest first, keyset-paged. */
  async list(em: EntityManager, query: { locationId: string; status: 'open' | 'resolved'; limit: number; cursor?: string | undefined }): Promise<Page<TicketView>> {
    let after = 'true';
    let afterParams: unknown[] = [];
    if (query.cursor !== undefined) {
      const position = decodeCursor(query.cursor, 2);
      if (!position || typeof position[0] !== 'string' || typeof position[1] !== 'string' || !microTime.test(position[0]) || !uuid.test(position[1])) {
        throw RpcFailure.badRequest('Invalid cursor');
      }
      after = '(t.created_at, t.id) < (?::timestamptz, ?::uuid)';
      afterParams = [position[0], position[1]];
    }
    const resolved = query.status === 'resolved' ? 't.resolved_at is not null' : 't.resolved_at is null';
    const rows = await this.rows(em, `t.location_id = ? and ${resolved} and ${after}`, [query.locationId, ...afterParams], query.limit + 1);
    const [counted] = await em.execute<{ total: string }[]>(`select count(*) as total from ${table(em, 'ticket')} t where t.location_id = ? and ${resolved}`, [query.locationId]);
    const items = await this.views(em, rows.slice(0, query.limit));
    const last = rows.length > query.limit ? rows[query.limit - 1]! : undefined;
    return { items, next_cursor: last ? encodeCursor([last.position, last.id]) : null, total: Number(counted?.total ?? 0) };
  }

  async view(em: EntityManager, id: string): Promise<TicketView> {
    const rows = await this.rows(em, 't.id = ?', [id], 1);
    const [view] = await this.views(em, rows);
    if (!view) throw new Error(`ticket ${id} not found`);
    return view;
  }

  private async changed(em: EntityManager, ticket: TicketScope, change: TicketChange, by: string | null, detail: Record<string, unknown>, now: Date): Promise<void> {
    await this.audit.record(
      em,
      { accountId: ticket.accountId, locationId: ticket.propertyLocationId, action: AUDIT[change], actor: by, sessionId: ticket.sessionId, messageId: ticket.messageId, detail: { ticketId: ticket.id, change, ...detail } },
      now,
    );
    recordEvent(em, TicketChanged, {
      ticketId: ticket.id,
      locationId: ticket.propertyLocationId,
      accountId: ticket.accountId,
      messageId: ticket.messageId,
      change,
      urgent: ticket.urgent,
      assignedTo: ticket.assignedTo,
      by,
    });
  }

  private rows(em: EntityManager, where: string, params: unknown[], limit: number): Promise<TicketRow[]> {
    return em.execute<TicketRow[]>(
      `select t.id, t.account_id, t.location_id, t.message_id, m.session_id, m.channel, m.body, m.sender_name, t.intent, t.urgent, t.assigned_to,
              ${iso('t.resolved_at')} as resolved_at, ${iso('t.created_at')} as created_at,
              to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position,
              td.tenant_id, td.full_name as tenant_name, td.unit_id, td.building_id
         from ${table(em, 'ticket')} t
         join ${table(em, 'message')} m on m.id = t.message_id
         left join ${table(em, 'tenant_directory')} td on td.tenant_id = m.tenant_id and not td.deleted
        where ${where}
        order by t.created_at desc, t.id desc
        limit ${limit}`,
      params,
    );
  }

  private async views(em: EntityManager, rows: TicketRow[]): Promise<TicketView[]> {
    const byAccount = new Map<string, string[]>();
    for (const row of rows) if (row.assigned_to) byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), row.assigned_to]);
    const people = new Map<string, Map<string, { fullName: string | null; email: string | null }>>();
    for (const [accountId, userIds] of byAccount) people.set(accountId, await this.directory.people(em, accountId, userIds));
    return rows.map((row) => {
      const person = row.assigned_to ? people.get(row.account_id)?.get(row.assigned_to) : undefined;
      return {
        id: row.id,
        message: row.body,
        intent: row.intent,
        urgent: row.urgent,
        email_id: row.channel === 'email' ? row.message_id : null,
        sms_id: row.channel === 'sms' ? row.message_id : null,
        session_id: row.session_id,
        sender_name: row.tenant_name || row.sender_name || null,
        unit: row.unit_id ? { id: row.unit_id } : null,
        tenant: row.tenant_id ? { id: row.tenant_id, full_name: row.tenant_name ?? '', unit_id: row.unit_id, building_id: row.building_id } : null,
        assigned_to: row.assigned_to ? { id: row.assigned_to, manager: { limitedUser: { full_name: person?.fullName ?? null, email: person?.email ?? null } } } : null,
        resolved: row.resolved_at !== null,
        resolved_at: row.resolved_at,
        created_at: row.created_at,
      };
    });
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const microTime = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/;

function iso(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
