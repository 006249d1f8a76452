import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutboundPurpose } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { table } from '../routing/routing-tables.js';

/** A file to attach to an e-mail, already in the file store (MinIO). */
export interface OutboundAttachment {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** What to send. The sender decides it in code; the dispatcher only delivers it. */
export interface OutboundRequest {
  accountId: string;
  locationId: string;
  purpose: OutboundPurpose;
  channel: 'sms' | 'email';
  /** The thread message this send is (a reply stored in the thread), or null for a send outside a thread. */
  messageId?: string | null;
  /** The location's own number (E.164) or address: replies come from where the tenant wrote. */
  from: string;
  to: string;
  subject?: string | null;
  body: string;
  html?: string | null;
  /** E-mail headers the dispatcher sets as given (`Message-ID`, `In-Reply-To`, `References`). */
  headers?: Record<string, string>;
  attachments?: readonly OutboundAttachment[];
  /** Who approved the send (a user id); null for what the system sends on its own. */
  requestedBy?: string | null;
  /**
   * Names the send once for good: enqueueing the same key again (a redelivered event) adds nothing and answers
   * null. Sends asked for by a person need none: their call's Idempotency-Key already answers a retry.
   */
  dedupeKey?: string | null;
  /** Attempts before the send ends `failed`; the default suits a provider's transient outages (about an hour). */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

/**
 * The one way to send anything from messaging: a row in `outbound_delivery`, written in the caller's transaction
 * (with the decision to send: the reply in the thread, the ticket of an emergency), so that a send is never lost by
 * a crash nor made twice by a retry. The dispatcher picks it up; nothing here talks to a provider.
 */
@Injectable()
export class OutboundQueue {
  /** Queues a send; answers its id, or null when `dedupeKey` was queued before. */
  async enqueue(em: EntityManager, request: OutboundRequest, now = new Date()): Promise<string | null> {
    const id = uuidv7();
    const rows = await em.execute<{ id: string }[]>(
      `insert into ${table(em, 'outbound_delivery')}
         (id, account_id, location_id, purpose, channel, message_id, from_address, to_address, subject, body, html, headers,
          attachments, status, attempts, max_attempts, next_attempt_at, requested_by, dedupe_key, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, 'queued', 0, ?, ?, ?, ?, ?, ?)
       on conflict (dedupe_key) do nothing
       returning id`,
      [
        id,
        request.accountId,
        request.locationId,
        request.purpose,
        request.channel,
        request.messageId ?? null,
        request.from,
        request.to,
        request.subject ?? null,
        request.body,
        request.html ?? null,
        JSON.stringify(request.headers ?? {}),
        JSON.stringify(request.attachments ?? []),
        request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        now,
        request.requestedBy ?? null,
        request.dedupeKey ?? null,
        now,
        now,
      ],
    );
    return rows[0]?.id ?? null;
  }
}
