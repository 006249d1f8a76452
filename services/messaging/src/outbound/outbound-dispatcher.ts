import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { FileStore } from '@pm/files';
import type { MailSender, OutgoingAttachment } from '@pm/mail';
import { recordEvent, RpcFailure } from '@pm/messaging';
import { DeliveryStatusChanged, outboundLimits, type OutboundPurpose } from '@pm/contracts';
import { table } from '../routing/routing-tables.js';
import type { AuditTrail } from './audit-trail.js';
import type { OutboundAttachment } from './outbound-queue.js';
import { SmsSendError, type SmsSender } from './sms-sender.js';

/** The text a send ends with when the process stopped while the provider had it, and the provider cannot tell us. */
export const INTERRUPTED_SEND = 'The service stopped while sending; check with the recipient before sending again.';

export interface DispatcherSettings {
  leaseMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Sends claimed at once; they are delivered concurrently, each well within the lease. */
  batchSize: number;
}

export interface DispatcherProviders {
  sms: SmsSender;
  mail: MailSender;
  /** Where attachments are read from; without it a send with attachments fails (visibly). */
  files?: FileStore | undefined;
}

interface ClaimedRow {
  id: string;
  account_id: string;
  location_id: string;
  channel: 'sms' | 'email';
  purpose: OutboundPurpose;
  message_id: string | null;
  session_id: string | null;
  from_address: string;
  to_address: string;
  subject: string | null;
  body: string;
  html: string | null;
  headers: Record<string, string>;
  attachments: OutboundAttachment[];
  attempts: number;
  max_attempts: number;
  /** The row was found `sending` with its lease run out: a dispatcher died while the provider had it. */
  interrupted: boolean;
}

type Outcome = { kind: 'sent'; provider: string; providerId: string } | { kind: 'retry'; error: string } | { kind: 'failed'; error: string };

/**
 * Delivers what `OutboundQueue` queued. A pass claims due rows in one short transaction (`for update skip locked`, so
 * replicas never take the same row: `status = 'sending'`, `attempts + 1`, a lease in `locked_until`), calls the
 * provider outside any transaction, then records the outcome with the audit entry in one transaction, guarded by the
 * attempt it claimed (a dispatcher that lost its lease records nothing); a final outcome (sent, failed) is also
 * announced (DeliveryStatusChanged, for the notify stream) in that transaction. A row still `sending` after its lease was
 * possibly delivered: it is sent again only through a provider that refuses duplicates by the delivery id; otherwise
 * it ends `failed` with INTERRUPTED_SEND, so nothing is sent twice and nothing is lost silently.
 */
export class OutboundDispatcher {
  private readonly logger = new Logger('OutboundDispatcher');

  constructor(
    private readonly em: EntityManager,
    private readonly settings: DispatcherSettings,
    private readonly providers: DispatcherProviders,
    private readonly audit: AuditTrail,
  ) {}

  /** One pass: claims up to a batch of due sends and delivers them; answers how many it claimed. */
  async runOnce(now = new Date()): Promise<number> {
    const claimed = await this.claim(now);
    await Promise.all(claimed.map((row) => this.deliver(row)));
    return claimed.length;
  }

  private async claim(now: Date): Promise<ClaimedRow[]> {
    const deliveries = table(this.em, 'outbound_delivery');
    const lease = new Date(now.getTime() + this.settings.leaseMs);
    // A claimed row's next_attempt_at is its lease's end, so one indexed condition finds both due and abandoned rows.
    return this.em.fork().execute<ClaimedRow[]>(
      `with due as (
         select id, status from ${deliveries}
          where status in ('queued', 'sending') and next_attempt_at <= ?
          order by next_attempt_at limit ? for update skip locked)
       update ${deliveries} d
          set status = 'sending', attempts = d.attempts + case when due.status = 'sending' then 0 else 1 end,
              locked_until = ?, next_attempt_at = ?, updated_at = ?
         from due where d.id = due.id
       returning d.id, d.account_id, d.location_id, d.channel, d.purpose, d.message_id, d.from_address, d.to_address, d.subject, d.body, d.html,
                 d.headers, d.attachments, d.attempts, d.max_attempts, due.status = 'sending' as interrupted,
                 (select m.session_id from ${table(this.em, 'message')} m where m.id = d.message_id) as session_id`,
      [now, this.settings.batchSize, lease, lease, now],
    );
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const idempotent = row.channel === 'sms' ? this.providers.sms.idempotent : false;
    const outcome: Outcome = row.interrupted && !idempotent ? { kind: 'failed', error: INTERRUPTED_SEND } : await this.attempt(row);
    try {
      await this.record(row, outcome);
    } catch (error) {
      // The lease runs out and the row is taken up again as interrupted: never lost, never sent twice blindly.
      this.logger.error({ err: error, deliveryId: row.id }, 'recording a send failed');
    }
  }

  private async attempt(row: ClaimedRow): Promise<Outcome> {
    try {
      if (row.channel === 'sms') {
        const { providerId } = await this.providers.sms.send({ from: row.from_address, to: row.to_address, body: row.body }, row.id);
        return { kind: 'sent', provider: this.providers.sms.provider, providerId };
      }
      const headers = row.headers;
      const { messageId } = await this.providers.mail.send({
        from: row.from_address,
        to: row.to_address,
        subject: row.subject ?? '',
        text: row.body,
        ...(row.html ? { html: row.html } : {}),
        ...(headers['Message-ID'] ? { messageId: stripBrackets(headers['Message-ID']) } : {}),
        ...(headers['In-Reply-To'] ? { inReplyTo: stripBrackets(headers['In-Reply-To']) } : {}),
        ...(headers['References'] ? { references: headers['References'].split(/\s+/).filter(Boolean).map(stripBrackets) } : {}),
        ...(row.attachments.length ? { attachments: await this.attachments(row.attachments) } : {}),
      });
      return { kind: 'sent', provider: 'smtp', providerId: stripBrackets(messageId) };
    } catch (error) {
      const text = (error instanceof Error && error.message ? error.message : String(error)).slice(0, outboundLimits.failure);
      const permanent = error instanceof SmsSendError ? error.permanent : isPermanentMailError(error);
      return permanent || row.attempts >= row.max_attempts ? { kind: 'failed', error: text } : { kind: 'retry', error: text };
    }
  }

  private async attachments(files: readonly OutboundAttachment[]): Promise<OutgoingAttachment[]> {
    const store = this.providers.files;
    if (!store) throw new PermanentSendError('Attachments cannot be read: no file store is configured (MINIO_*).');
    const opened: OutgoingAttachment[] = [];
    for (const file of files) {
      try {
        const { stream } = await store.openStream(file.key);
        opened.push({ fileName: file.fileName, contentType: file.contentType, content: stream });
      } catch (error) {
        if (error instanceof RpcFailure && error.status === 404) throw new PermanentSendError(`The attachment ${file.fileName} no longer exists.`);
        throw error;
      }
    }
    return opened;
  }

  private async record(row: ClaimedRow, outcome: Outcome): Promise<void> {
    const deliveries = table(this.em, 'outbound_delivery');
    const now = new Date();
    await this.em.fork().transactional(async (em) => {
      const guard = `where id = ? and status = 'sending' and attempts = ?`;
      let changed: unknown[];
      if (outcome.kind === 'sent') {
        changed = await em.execute(
          `update ${deliveries} set status = 'sent', sent_at = ?, provider = ?, provider_id = ?, locked_until = null, last_error = null, updated_at = ? ${guard} returning id`,
          [now, outcome.provider, outcome.providerId, now, row.id, row.attempts],
        );
      } else if (outcome.kind === 'retry') {
        const next = new Date(now.getTime() + backoffDelay(row.attempts, this.settings));
        changed = await em.execute(
          `update ${deliveries} set status = 'queued', next_attempt_at = ?, locked_until = null, last_error = ?, updated_at = ? ${guard} returning id`,
          [next, outcome.error, now, row.id, row.attempts],
        );
      } else {
        changed = await em.execute(
          `update ${deliveries} set status = 'failed', locked_until = null, last_error = ?, updated_at = ? ${guard} returning id`,
          [outcome.error, now, row.id, row.attempts],
        );
      }
      if (changed.length === 0) {
        this.logger.warn({ deliveryId: row.id }, 'a send outlived its lease; another dispatcher has it now');
        return;
      }
      if (outcome.kind === 'retry') return;
      await this.audit.record(em, {
        accountId: row.account_id,
        locationId: row.location_id,
        action: outcome.kind === 'sent' ? 'delivery_sent' : 'delivery_failed',
        actor: null,
        sessionId: row.session_id,
        messageId: row.message_id,
        deliveryId: row.id,
        detail: outcome.kind === 'sent' ? { provider: outcome.provider, provider_id: outcome.providerId, attempts: row.attempts } : { error: outcome.error, attempts: row.attempts },
      }, now);
      recordEvent(em, DeliveryStatusChanged, {
        deliveryId: row.id,
        locationId: row.location_id,
        accountId: row.account_id,
        channel: row.channel,
        purpose: row.purpose,
        messageId: row.message_id,
        sessionId: row.session_id,
        status: outcome.kind,
      });
    });
  }
}

/** Exponential backoff with jitter: base · 2^(attempt−1), capped, then a random point in its upper half. */
export function backoffDelay(attempt: number, settings: Pick<DispatcherSettings, 'backoffBaseMs' | 'backoffMaxMs'>, random = Math.random): number {
  const ceiling = Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

class PermanentSendError extends Error {}

/** An SMTP 5xx answer (a refused recipient or message) cannot succeed on retry; 4xx and connection errors can. */
function isPermanentMailError(error: unknown): boolean {
  if (error instanceof PermanentSendError) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function stripBrackets(id: string): string {
  return id.trim().replace(/^<|>$/g, '');
}
