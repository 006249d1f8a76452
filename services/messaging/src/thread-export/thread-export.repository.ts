import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { THREAD_EXPORT_FORMAT, THREAD_EXPORT_GENESIS_HASH, THREAD_EXPORT_VERIFICATION, type ThreadExport } from '@pm/contracts';
import { iso } from '../inbox/inbox.repository.js';
import { table } from '../routing/routing-tables.js';
import { chain, type UnchainedEntry } from './hash-chain.js';

type MessageEntry = Extract<UnchainedEntry, { kind: 'message' }>;
type AuditRow = MessageEntry['audit'][number] & { message_id: string | null; id: string };

/**
 * Reads one session's record for the thread export: its messages oldest first, each with its draft versions, its
 * audit trail and its deliveries, and the session's own audit records (an archive), chained by SHA-256.
 */
@Injectable()
export class ThreadExports {
  async export(em: EntityManager, sessionId: string, exportedBy: string, now = new Date()): Promise<ThreadExport> {
    const [session] = await em.execute<{
      id: string;
      location_id: string;
      channel: string;
      tenant_id: string | null;
      tenant_name: string | null;
      from_name: string | null;
      from_address: string;
      to_address: string;
      subject: string | null;
    }[]>(
      `select s.id, s.location_id, s.channel, s.tenant_id, t.full_name as tenant_name, s.from_name, s.from_address, s.to_address, s.subject
         from ${table(em, 'message_session')} s left join ${table(em, 'tenant_directory')} t on t.tenant_id = s.tenant_id and not t.deleted
        where s.id = ?`,
      [sessionId],
    );
    if (!session) throw new Error(`session ${sessionId} not found`);
    const messages = await em.execute<{
      id: string;
      at: string;
      channel: string;
      direction: 'inbound' | 'outbound';
      role: string;
      sender_name: string | null;
      from_address: string;
      to_address: string;
      subject: string | null;
      body: string;
      media: Record<string, unknown>[];
    }[]>(
      `select id, ${iso('received_at')} as at, channel, direction, role, sender_name, from_address, to_address, subject, body, media
         from ${table(em, 'message')} where session_id = ? and status = 'received' order by received_at, id`,
      [sessionId],
    );
    const ids = `{${messages.map((m) => m.id).join(',')}}`;
    const drafts = await em.execute<(MessageEntry['draft_versions'][number] & { message_id: string })[]>(
      `select message_id, version, origin, status, reply, urgent, requested_by, edited_by, ${iso('created_at')} as created_at, ${iso('completed_at')} as completed_at
         from ${table(em, 'message_draft')} where message_id = any(?::uuid[]) order by message_id, version`,
      [ids],
    );
    const audit = await em.execute<AuditRow[]>(
      `select id, message_id, action, actor, ${iso('at')} as at, draft_id, delivery_id, detail
         from ${table(em, 'message_audit')} where session_id = ? or message_id = any(?::uuid[]) order by at, id`,
      [sessionId, ids],
    );
    const deliveries = await em.execute<(MessageEntry['deliveries'][number] & { message_id: string })[]>(
      `select message_id, id, purpose, channel, to_address as "to", status, attempts, provider, ${iso('created_at')} as created_at,
              ${iso('sent_at')} as sent_at, last_error
         from ${table(em, 'outbound_delivery')} where message_id = any(?::uuid[]) order by created_at, id`,
      [ids],
    );

    const entries: (UnchainedEntry & { sortAt: string; order: number })[] = messages.map((m) => ({
      kind: 'message' as const,
      seq: 0,
      message_id: m.id,
      at: m.at,
      channel: m.channel,
      direction: m.direction,
      role: m.role,
      sender: { name: m.sender_name, address: m.from_address },
      to: m.to_address,
      subject: m.subject,
      body: m.body,
      attachments: m.media.map(attachmentOf),
      draft_versions: drafts.filter((d) => d.message_id === m.id).map(({ message_id: _m, ...version }) => version),
      audit: audit.filter((a) => a.message_id === m.id).map(auditRecord),
      deliveries: deliveries.filter((d) => d.message_id === m.id).map(({ message_id: _m, ...delivery }) => delivery),
      sortAt: m.at,
      order: 0,
    }));
    for (const record of audit.filter((a) => a.message_id === null)) {
      entries.push({ kind: 'session_event', seq: 0, at: record.at, record: auditRecord(record), sortAt: record.at, order: 1 });
    }
    // Oldest first; a session event after the messages of the same millisecond (stable within each kind).
    entries.sort((a, b) => (a.sortAt < b.sortAt ? -1 : a.sortAt > b.sortAt ? 1 : a.order - b.order));
    const { entries: chained, finalHash } = chain(entries.map(({ sortAt: _s, order: _o, ...entry }, index) => ({ ...entry, seq: index + 1 })));
    return {
      format: THREAD_EXPORT_FORMAT,
      session: {
        id: session.id,
        property_location_id: session.location_id,
        channel: session.channel,
        tenant: session.tenant_id && session.tenant_name !== null ? { id: session.tenant_id, full_name: session.tenant_name } : null,
        from: { name: session.from_name, address: session.from_address },
        to: session.to_address,
        subject: session.subject,
      },
      exported_at: now.toISOString(),
      exported_by: exportedBy,
      hash_algorithm: 'sha256',
      genesis_hash: THREAD_EXPORT_GENESIS_HASH,
      entries: chained,
      final_hash: finalHash,
      verification: THREAD_EXPORT_VERIFICATION,
    };
  }
}

function auditRecord(row: AuditRow): MessageEntry['audit'][number] {
  return { action: row.action, actor: row.actor, at: row.at, draft_id: row.draft_id, delivery_id: row.delivery_id, detail: row.detail };
}

/** A stored media reference or attachment as the export names it: its file name, else the last segment of its URL. */
function attachmentOf(media: Record<string, unknown>): MessageEntry['attachments'][number] {
  const text = (key: string) => (typeof media[key] === 'string' ? (media[key] as string) : null);
  const url = text('url');
  const fromUrl = url ? decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? url) : null;
  return { name: text('fileName') ?? text('name') ?? fromUrl ?? 'attachment', content_type: text('contentType') ?? text('content_type'), url };
}
