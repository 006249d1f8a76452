import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { messagingLimits, NO_ADDRESS_TO_SEND_FROM, NO_NUMBER_TO_SEND_FROM, NOT_AN_EMAIL_SESSION, NOT_AN_SMS_SESSION, SEND_IN_THE_CONVERSATION, type OutboundPurpose, type Page, type SentMessageView } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { iso, keyset, page, position, tenantColumns, tenantJoin, tenantOf, type TenantColumns } from '../inbox/inbox.repository.js';
import { withSignature } from '../email-templates/default-email-templates.js';
import { EmailTemplatesRepository } from '../email-templates/email-templates.repository.js';
import { AuditTrail } from '../outbound/audit-trail.js';
import { OutboundQueue } from '../outbound/outbound-queue.js';
import { table } from '../routing/routing-tables.js';


/** Who replies: a person who approved the text, or the system sending an answer the owner allowed (`actor` null). */
export interface ReplyRequest {
  sessionId: string;
  channel: 'sms' | 'email';
  text: string;
  subject?: string | null | undefined;
  purpose: Extract<OutboundPurpose, 'reply' | 'auto_reply'>;
  actor: string | null;
  /** Auto-send: names the send once for good (the draft's id), so a redelivered completion sends nothing more. */
  dedupeKey?: string;
}

interface SessionRow {
  id: string;
  location_id: string;
  account_id: string;
  channel: 'sms' | 'email';
  party: string;
  tenant_id: string | null;
  from_address: string;
  to_address: string;
  subject: string | null;
}

/**
 * Replies and the session's answered state. A reply is one transaction: the thread message (outbound), its send in
 * the outbox, every waiting inbound message of the session replied to, and the audit entry with the draft it started
 * from. Archiving closes a session without a reply.
 */
@Injectable()
export class RepliesRepository {
  constructor(
    private readonly outbound: OutboundQueue,
    private readonly audit: AuditTrail,
    private readonly templates: EmailTemplatesRepository,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  /** The session on the channel the call is for; another channel's session is a 409 (the caller picked the wrong call). */
  async session(em: EntityManager, sessionId: string, channel: 'sms' | 'email'): Promise<SessionRow> {
    const [row] = await em.execute<SessionRow[]>(
      `select id, location_id, account_id, channel, party, tenant_id, from_address, to_address, subject from ${table(em, 'message_session')} where id = ? for update`,
      [sessionId],
    );
    if (!row) throw new Error(`session ${sessionId} not found`);
    if (row.channel !== channel) throw RpcFailure.conflict(channel === 'sms' ? NOT_AN_SMS_SESSION : NOT_AN_EMAIL_SESSION);
    return row;
  }

  /** Sends a reply; answers the delivery's id, or null when `dedupeKey` was sent before (nothing is written then). */
  async reply(em: EntityManager, request: ReplyRequest, now = new Date()): Promise<string | null> {
    const session = await this.session(em, request.sessionId, request.channel);
    // A vendor or group conversation sends to its participants through its own call, with its own purpose.
    if (session.party.startsWith('vendor:') || session.party.startsWith('group:')) throw RpcFailure.conflict(SEND_IN_THE_CONVERSATION);
    const from = request.channel === 'sms' ? await this.locationNumber(em, session) : await this.locationAddress(em, session);
    const messageId = uuidv7();
    const email = request.channel === 'email' ? await this.threading(em, session, messageId, request.subject) : null;
    // What goes out is what the thread keeps: an e-mail carries the building's signature under the approved text.
    const body = email ? withSignature(request.text, await this.signature(em, session)) : request.text;
    const message = table(em, 'message');
    await em.execute(
      `insert into ${message}
         (id, provider, external_id, channel, direction, role, status, session_id, location_id, account_id, tenant_id, sender_name,
          from_address, to_address, body, subject, media, received_at, urgent, updated_at)
       values (?, 'pm', ?, ?, 'outbound', ?, 'outgoing', ?, ?, ?, ?, null, ?, ?, ?, ?, '[]'::jsonb, ?, false, ?)`,
      [
        messageId,
        email ? email.messageId : messageId,
        request.channel,
        request.purpose === 'auto_reply' ? 'ai' : 'property_manager',
        session.id,
        session.location_id,
        session.account_id,
        session.tenant_id,
        from,
        session.from_address,
        body,
        email?.subject ?? null,
        now,
        now,
      ],
      'run',
    );
    const deliveryId = await this.outbound.enqueue(
      em,
      {
        accountId: session.account_id,
        locationId: session.location_id,
        purpose: request.purpose,
        channel: request.channel,
        messageId,
        from,
        to: session.from_address,
        subject: email?.subject ?? null,
        body,
        headers: email?.headers ?? {},
        requestedBy: request.actor,
        dedupeKey: request.dedupeKey ?? null,
      },
      now,
    );
    if (!deliveryId) {
      // Sent before under this key: the thread message written above must not stay either.
      await em.execute(`delete from ${message} where id = ?`, [messageId], 'run');
      return null;
    }
    await em.execute(
      `update ${message} set replied_at = ?, updated_at = ?
        where session_id = ? and direction = 'inbound' and status = 'received' and replied_at is null and archived_at is null`,
      [now, now, session.id],
      'run',
    );
    await em.execute(`update ${table(em, 'message_session')} set updated_at = greatest(updated_at, ?), archived_at = null where id = ?`, [now, session.id], 'run');
    const draft = await this.currentDraft(em, session.id);
    await this.audit.record(
      em,
      {
        accountId: session.account_id,
        locationId: session.location_id,
        action: request.purpose === 'auto_reply' ? 'auto_reply_queued' : 'reply_approved',
        actor: request.actor,
        sessionId: session.id,
        messageId,
        deliveryId,
        draftId: draft?.id ?? null,
        detail: {
          channel: request.channel,
          to: session.from_address,
          edited: draft?.reply == null || draft.reply.trim() !== request.text.trim(),
          sha256: createHash('sha256').update(request.text, 'utf8').digest('hex'),
        },
      },
      now,
    );
    return deliveryId;
  }

  /**
   * Closes the session without a reply: its waiting inbound messages are done (archived) and the session shows
   * Archived on the Sent lists. Archiving an archived session changes nothing and records nothing.
   */
  async archive(em: EntityManager, sessionId: string, channel: 'sms' | 'email', actor: string, now = new Date()): Promise<void> {
    const session = await this.session(em, sessionId, channel);
    const archivedMessages = await em.execute<{ id: string }[]>(
      `update ${table(em, 'message')} set archived_at = ?, updated_at = ?
        where session_id = ? and direction = 'inbound' and status = 'received' and replied_at is null and archived_at is null
        returning id`,
      [now, now, session.id],
    );
    const archivedSession = await em.execute<{ id: string }[]>(
      `update ${table(em, 'message_session')} set archived_at = ? where id = ? and archived_at is null returning id`,
      [now, session.id],
    );
    if (archivedMessages.length === 0 && archivedSession.length === 0) return;
    await this.audit.record(
      em,
      {
        accountId: session.account_id,
        locationId: session.location_id,
        action: 'session_archived',
        actor,
        sessionId: session.id,
        detail: { channel, messages: archivedMessages.map((row) => row.id) },
      },
      now,
    );
  }

  /** One send as the Sent lists show it. */
  async sent(em: EntityManager, deliveryId: string): Promise<SentMessageView> {
    const [row] = await em.execute<SentRow[]>(`${sentSelect(em)} where d.id = ?`, [deliveryId]);
    return toSentView(row!);
  }

  /**
   * Sent E-mails / Sent SMS: the location's sends that are messages of a thread (replies, auto-replies), the team's
   * sends outside a thread (bulk e-mail and SMS, Send E-mail), the tenants' invitations and renewal e-mails and the
   * emergency contacts' notifications, newest first;
   * `sent` the sessions not archived, `archived` the archived ones (spec 001 §4).
   */
  async listSent(
    em: EntityManager,
    locationId: string,
    query: { channel: 'sms' | 'email'; filter: 'all' | 'sent' | 'archived'; limit: number; cursor?: string | undefined },
  ): Promise<Page<SentMessageView>> {
    // Replies are thread messages; bulk sends, Send E-mail, invitations, renewals and emergency notifications are no
    // thread's, but the team must see them go out, or fail (an emergency contact never reached above all).
    const where = ['d.location_id = ?', 'd.channel = ?', "(d.message_id is not null or d.purpose in ('bulk', 'direct', 'invitation', 'renewal', 'emergency_notification'))"];
    const params: unknown[] = [locationId, query.channel];
    if (query.filter === 'sent') where.push('s.archived_at is null');
    if (query.filter === 'archived') where.push('s.archived_at is not null');
    const [after, afterParams] = keyset(query.cursor, 'd.created_at', 'd.id');
    const rows = await em.execute<SentRow[]>(
      `${sentSelect(em)} where ${[...where, after].join(' and ')} order by d.created_at desc, d.id desc limit ${query.limit + 1}`,
      [...params, ...afterParams],
    );
    const [counted] = await em.execute<{ total: string }[]>(
      `select count(*) as total from ${table(em, 'outbound_delivery')} d
         left join ${table(em, 'message')} m on m.id = d.message_id left join ${table(em, 'message_session')} s on s.id = m.session_id
        where ${where.join(' and ')}`,
      params,
    );
    return page(rows, query.limit, counted, toSentView);
  }

  /** The signature of the tenant's building; the location's default for an unknown sender or a building without one. */
  private async signature(em: EntityManager, session: SessionRow): Promise<string | null> {
    const [tenant] = session.tenant_id
      ? await em.execute<{ building_id: string | null }[]>(`select building_id from ${table(em, 'tenant_directory')} where tenant_id = ?`, [session.tenant_id])
      : [];
    return this.templates.signatureFor(em, session.location_id, tenant?.building_id ?? null);
  }

  /** The location's own number: the one the tenant wrote to while it is still the location's, else its current one. */
  private async locationNumber(em: EntityManager, session: SessionRow): Promise<string> {
    const [row] = await em.execute<{ phone_number: string }[]>(
      `select phone_number from ${table(em, 'location_phone_number')} where location_id = ? and assigned
        order by phone_number = ? desc, stamp desc limit 1`,
      [session.location_id, session.to_address],
    );
    if (!row) throw RpcFailure.conflict(NO_NUMBER_TO_SEND_FROM);
    return row.phone_number;
  }

  /** The location's own address: the one the tenant wrote to while it is the location's, else its newest one. */
  private async locationAddress(em: EntityManager, session: SessionRow): Promise<string> {
    const [row] = await em.execute<{ email: string }[]>(
      `select email from ${table(em, 'location_email_address')} where location_id = ? order by email = lower(?) desc, stamp desc limit 1`,
      [session.location_id, session.to_address],
    );
    if (!row) throw RpcFailure.conflict(NO_ADDRESS_TO_SEND_FROM);
    return row.email;
  }

  /**
   * An e-mail reply's threading: our own Message-ID (at our mail domain, so the tenant's answer to it comes back into
   * this session), In-Reply-To the thread's newest message, References the thread oldest first (the newest 20, as
   * mail clients trim them), and "Re: <the thread's subject>" unless the team wrote a subject.
   */
  private async threading(em: EntityManager, session: SessionRow, messageId: string, subject: string | null | undefined) {
    const ids = await em.execute<{ external_id: string }[]>(
      `select external_id from ${table(em, 'message')} where session_id = ? and channel = 'email' order by received_at desc, id desc limit 20`,
      [session.id],
    );
    const thread = ids.map((row) => row.external_id).reverse();
    const ownId = `${messageId}@${this.config.MAIL_DOMAIN}`;
    const headers: Record<string, string> = { 'Message-ID': `<${ownId}>` };
    if (thread.length > 0) {
      headers['In-Reply-To'] = `<${thread.at(-1)!}>`;
      headers['References'] = thread.map((id) => `<${id}>`).join(' ');
    }
    const base = (session.subject ?? '').trim();
    // A header line's length bounds the subject: "Re: " before a subject already at the limit is cut back to it.
    const replySubject = (subject?.trim() || (/^re:/i.test(base) ? base : `Re: ${base || 'Your message'}`)).slice(0, messagingLimits.subject);
    return { messageId: ownId, headers, subject: replySubject };
  }

  /** The current draft of the session's newest inbound message: what the team started from. */
  private async currentDraft(em: EntityManager, sessionId: string): Promise<{ id: string; reply: string | null } | undefined> {
    const [row] = await em.execute<{ id: string; reply: string | null }[]>(
      `select d.id, d.reply from ${table(em, 'message_draft')} d
         join ${table(em, 'message')} m on m.id = d.message_id
        where m.session_id = ? and m.direction = 'inbound' and m.status = 'received'
        order by m.received_at desc, m.id desc, d.version desc limit 1`,
      [sessionId],
    );
    return row;
  }
}

interface SentRow extends TenantColumns {
  id: string;
  message_id: string | null;
  session_id: string | null;
  channel: 'sms' | 'email';
  purpose: OutboundPurpose;
  from_address: string;
  to_address: string;
  subject: string | null;
  body: string;
  status: SentMessageView['status'];
  attempts: number;
  last_error: string | null;
  requested_by: string | null;
  archived: boolean;
  created_at: string;
  sent_at: string | null;
  position: string;
}

function sentSelect(em: EntityManager): string {
  return `select d.id, d.message_id, m.session_id, d.channel, d.purpose, d.from_address, d.to_address, d.subject, d.body, d.status, d.attempts,
                 d.last_error, d.requested_by, coalesce(s.archived_at is not null, false) as archived,
                 ${iso('d.created_at')} as created_at, ${iso('d.sent_at')} as sent_at, ${position('d.created_at')} as position, ${tenantColumns}
            from ${table(em, 'outbound_delivery')} d
            left join ${table(em, 'message')} m on m.id = d.message_id
            left join ${table(em, 'message_session')} s on s.id = m.session_id
            ${tenantJoin(em, 'm.tenant_id')}`;
}

function toSentView(row: SentRow): SentMessageView {
  return {
    id: row.id,
    message_id: row.message_id,
    session_id: row.session_id,
    channel: row.channel,
    purpose: row.purpose,
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    message: row.body,
    tenant: tenantOf(row),
    status: row.status,
    attempts: row.attempts,
    failure: row.last_error,
    approved_by: row.requested_by,
    archived: row.archived,
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}
