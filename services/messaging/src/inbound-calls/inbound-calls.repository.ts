import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { INBOUND_CALL_NOT_FOUND, type CallTurnView, type DraftSourceView, type InboundCallView, type Page } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { iso, keyset, page, position } from '../inbox/inbox.repository.js';
import type { NumberRoute } from '../routing/routing-tables.js';
import { table } from '../routing/routing-tables.js';

/** A stored call, as the webhooks need it. */
export interface CallRow {
  id: string;
  location_id: string | null;
  account_id: string | null;
  tenant_id: string | null;
  from_number: string;
  to_number: string;
  routed: boolean;
}

export interface TurnAnswer {
  kind: 'answer' | 'holding' | 'goodbye';
  answer: string;
  urgent: boolean;
  sources: DraftSourceView[];
  messageId: string | null;
}

type CallViewRow = {
  id: string;
  location_id: string;
  call_sid: string;
  from_number: string;
  to_number: string;
  tenant_id: string | null;
  tenant_name: string | null;
  status: InboundCallView['status'];
  started_at: string;
  ended_at: string | null;
  duration_seconds: number | null;
  position: string;
};

type TurnRow = Omit<CallTurnView, 'sources'> & { call_id: string; sources: DraftSourceView[] };

/**
 * Calls to the locations' numbers and their turns. The webhooks write them (a call once per provider `CallSid`; turns
 * numbered under a lock on the call row); the Inbound Calls list reads them as keyset pages, newest first.
 */
@Injectable()
export class InboundCalls {
  /** The call, stored on its first webhook; a redelivered one answers the stored call. */
  async start(
    em: EntityManager,
    call: { provider: string; callSid: string; from: string; to: string },
    route: NumberRoute | null,
    tenantId: string | null,
    at: Date,
  ): Promise<CallRow> {
    await em.execute(
      `insert into ${table(em, 'inbound_call')} (id, provider, call_sid, location_id, account_id, tenant_id, from_number, to_number, routed, status, started_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'in_progress', ?)
       on conflict (provider, call_sid) do nothing`,
      [uuidv7(), call.provider, call.callSid, route?.locationId ?? null, route?.accountId ?? null, tenantId, call.from, call.to, route !== null, at],
      'run',
    );
    return (await this.byCallSid(em, call.provider, call.callSid))!;
  }

  async byCallSid(em: EntityManager, provider: string, callSid: string, lock = false): Promise<CallRow | null> {
    const [row] = await em.execute<CallRow[]>(
      `select id, location_id, account_id, tenant_id, from_number, to_number, routed from ${table(em, 'inbound_call')}
        where provider = ? and call_sid = ?${lock ? ' for update' : ''}`,
      [provider, callSid],
    );
    return row ?? null;
  }

  /** The next turn of the call (the caller's words, not yet answered); null once the call has its most turns. */
  async addTurn(em: EntityManager, callId: string, transcript: string, confidence: number | null, at: Date, maxTurns: number): Promise<{ id: string; seq: number } | null> {
    await em.execute(`select 1 from ${table(em, 'inbound_call')} where id = ? for update`, [callId]);
    const [last] = await em.execute<{ seq: number | null }[]>(`select max(seq) as seq from ${table(em, 'call_turn')} where call_id = ?`, [callId]);
    const seq = (last?.seq ?? 0) + 1;
    if (seq > maxTurns) return null;
    const id = uuidv7();
    await em.execute(
      `insert into ${table(em, 'call_turn')} (id, call_id, seq, transcript, confidence, kind, at) values (?, ?, ?, ?, ?, 'pending', ?)`,
      [id, callId, seq, transcript, confidence, at],
      'run',
    );
    return { id, seq };
  }

  async answerTurn(em: EntityManager, turnId: string, answer: TurnAnswer, at: Date): Promise<void> {
    await em.execute(
      `update ${table(em, 'call_turn')} set kind = ?, answer = ?, urgent = ?, sources = ?::jsonb, message_id = ?, answered_at = ? where id = ?`,
      [answer.kind, answer.answer, answer.urgent, JSON.stringify(answer.sources), answer.messageId, at, turnId],
      'run',
    );
  }

  /** The call's earlier turns, oldest first, as the assistant reads them. */
  async earlierTurns(em: EntityManager, callId: string, before: number): Promise<{ transcript: string; answer: string | null }[]> {
    return em.execute(`select transcript, answer from ${table(em, 'call_turn')} where call_id = ? and seq < ? order by seq`, [callId, before]);
  }

  /** The status callback: how the call ended and how long it took (a later callback of the same call overwrites it). */
  async end(em: EntityManager, provider: string, callSid: string, status: InboundCallView['status'], durationSeconds: number | null, at: Date): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update ${table(em, 'inbound_call')} set status = ?, ended_at = coalesce(ended_at, ?), duration_seconds = coalesce(?, duration_seconds)
        where provider = ? and call_sid = ? returning id`,
      [status, at, durationSeconds, provider, callSid],
    );
    return rows.length > 0;
  }

  /** A routed call's location (for the access rule), or null for an unknown, malformed or unrouted id. */
  async callLocation(em: EntityManager, id: string): Promise<{ propertyLocationId: string } | null> {
    const [row] = await em.execute<{ location_id: string }[]>(`select location_id from ${table(em, 'inbound_call')} where id = ? and routed`, [id]);
    return row ? { propertyLocationId: row.location_id } : null;
  }

  async list(em: EntityManager, locationId: string, query: { limit: number; cursor?: string | undefined }): Promise<Page<InboundCallView>> {
    const [after, afterParams] = keyset(query.cursor, 'c.started_at', 'c.id');
    const rows = await em.execute<CallViewRow[]>(
      `${this.select(em)} where c.location_id = ? and c.routed and ${after} order by c.started_at desc, c.id desc limit ?`,
      [locationId, ...afterParams, query.limit + 1],
    );
    const [counted] = await em.execute<{ total: string }[]>(`select count(*) as total from ${table(em, 'inbound_call')} c where c.location_id = ? and c.routed`, [locationId]);
    const turns = await this.turnsOf(em, rows.map((row) => row.id));
    return page(rows, query.limit, counted, (row) => view(row, turns.get(row.id) ?? []));
  }

  async get(em: EntityManager, id: string): Promise<InboundCallView> {
    const [row] = await em.execute<CallViewRow[]>(`${this.select(em)} where c.id = ? and c.routed`, [id]);
    if (!row) throw RpcFailure.notFound(INBOUND_CALL_NOT_FOUND);
    const turns = await this.turnsOf(em, [id]);
    return view(row, turns.get(id) ?? []);
  }

  private select(em: EntityManager): string {
    return `select c.id, c.location_id, c.call_sid, c.from_number, c.to_number, t.tenant_id, t.full_name as tenant_name, c.status,
                   ${iso('c.started_at')} as started_at, ${iso('c.ended_at')} as ended_at, c.duration_seconds, ${position('c.started_at')} as position
              from ${table(em, 'inbound_call')} c
              left join ${table(em, 'tenant_directory')} t on t.tenant_id = c.tenant_id and not t.deleted`;
  }

  private async turnsOf(em: EntityManager, callIds: string[]): Promise<Map<string, CallTurnView[]>> {
    const byCall = new Map<string, CallTurnView[]>();
    if (callIds.length === 0) return byCall;
    const rows = await em.execute<TurnRow[]>(
      `select id, call_id, seq, transcript, confidence, kind, answer, urgent, sources, message_id, ${iso('at')} as at, ${iso('answered_at')} as answered_at
         from ${table(em, 'call_turn')} where call_id = any(?::uuid[]) order by call_id, seq`,
      [`{${callIds.join(',')}}`],
    );
    for (const { call_id, ...turn } of rows) byCall.set(call_id, [...(byCall.get(call_id) ?? []), { ...turn, confidence: turn.confidence === null ? null : Number(turn.confidence) }]);
    return byCall;
  }
}

function view(row: CallViewRow, turns: CallTurnView[]): InboundCallView {
  return {
    id: row.id,
    property_location_id: row.location_id,
    call_sid: row.call_sid,
    from: row.from_number,
    to: row.to_number,
    tenant: row.tenant_id && row.tenant_name !== null ? { id: row.tenant_id, full_name: row.tenant_name } : null,
    status: row.status,
    urgent: turns.some((turn) => turn.urgent),
    started_at: row.started_at,
    ended_at: row.ended_at,
    duration_seconds: row.duration_seconds,
    turns,
  };
}
