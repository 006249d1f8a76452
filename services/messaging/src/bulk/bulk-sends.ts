import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NO_ADDRESS_TO_SEND_FROM, NO_NUMBER_TO_SEND_FROM, type StoredFileRef } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { AuditTrail, type AuditAction } from '../outbound/audit-trail.js';
import { OutboundQueue, type OutboundAttachment } from '../outbound/outbound-queue.js';
import { pgArray, table } from '../routing/routing-tables.js';

/** Someone a send may go to, as messaging knows them at the location: a tenant (by the tenant copy) or a partner. */
export interface KnownRecipient {
  /** An e-mail address (lower-case) or an E.164 phone number. */
  to: string;
  tenantId: string | null;
  name: string;
}

export interface BulkSend {
  accountId: string;
  locationId: string;
  purpose: 'bulk' | 'direct';
  channel: 'sms' | 'email';
  action: Extract<AuditAction, 'bulk_email_sent' | 'bulk_sms_sent' | 'email_sent'>;
  actor: string;
  from: string;
  recipients: readonly KnownRecipient[];
  subject?: string;
  body: string;
  attachments?: readonly StoredFileRef[];
  /** Facts of the send worth proving later beyond the recipients (the building, the tenants skipped). */
  detail?: Record<string, unknown>;
}

/**
 * Sends that no thread asked for (a bulk e-mail or SMS, Send E-mail from the contacts page): who may receive them,
 * read from messaging's own copies (tenants, partners), and one outbox row per recipient with one audit entry for the
 * whole send, all in the caller's transaction: a crash sends all of it or none, a retried call nothing more.
 */
@Injectable()
export class BulkSends {
  constructor(
    private readonly outbound: OutboundQueue,
    private readonly audit: AuditTrail,
  ) {}

  /** The active tenants of the building at the location with one of these addresses, by address; the others are unknown. */
  async buildingTenantsByEmail(em: EntityManager, scope: { accountId: string; locationId: string; buildingId: string }, emails: readonly string[]): Promise<Map<string, KnownRecipient>> {
    const rows = await em.execute<{ email: string; tenant_id: string; full_name: string }[]>(
      `select distinct on (e.email) e.email, t.tenant_id, t.full_name
         from ${table(em, 'tenant_directory')} t, unnest(t.emails) as e(email)
        where t.account_id = ? and t.location_id = ? and t.building_id = ? and not t.archived and not t.deleted and e.email = any(?::text[])
        order by e.email, t.tenant_id`,
      [scope.accountId, scope.locationId, scope.buildingId, pgArray(emails)],
    );
    return new Map(rows.map((row) => [row.email, { to: row.email, tenantId: row.tenant_id, name: row.full_name }]));
  }

  /**
   * The location's active tenants, its partners (vendors included) and its contacts (the contacts page's people) with
   * one of these addresses, by address; a tenant wins over a partner, a partner over a contact, for the name.
   */
  async locationContactsByEmail(em: EntityManager, scope: { accountId: string; locationId: string }, emails: readonly string[]): Promise<Map<string, KnownRecipient>> {
    const rows = await em.execute<{ email: string; tenant_id: string | null; full_name: string }[]>(
      `select distinct on (email) email, tenant_id, full_name from (
         select e.email, t.tenant_id, t.full_name, 0 as rank
           from ${table(em, 'tenant_directory')} t, unnest(t.emails) as e(email)
          where t.account_id = ? and t.location_id = ? and not t.archived and not t.deleted and e.email = any(?::text[])
         union all
         select lower(p.email), null, p.full_name, 1
           from ${table(em, 'partner_directory')} p
          where p.account_id = ? and p.location_ids @> ?::text[] and lower(p.email) = any(?::text[])
         union all
         select e.email, null, c.full_name, 2
           from ${table(em, 'contact_directory')} c, unnest(c.emails) as e(email)
          where c.account_id = ? and c.location_ids @> ?::text[] and e.email = any(?::text[])
       ) known
       order by email, rank, tenant_id`,
      [scope.accountId, scope.locationId, pgArray(emails), scope.accountId, pgArray([scope.locationId]), pgArray(emails), scope.accountId, pgArray([scope.locationId]), pgArray(emails)],
    );
    return new Map(rows.map((row) => [row.email, { to: row.email, tenantId: row.tenant_id, name: row.full_name }]));
  }

  /** The location's tenants among these ids (archived and deleted ones are not), with their first phone, if any. */
  async locationTenants(em: EntityManager, scope: { accountId: string; locationId: string }, ids: readonly string[]): Promise<{ tenantId: string; name: string; phone: string | null }[]> {
    const rows = await em.execute<{ tenant_id: string; full_name: string; phone: string | null }[]>(
      `select tenant_id, full_name, phone_numbers[1] as phone from ${table(em, 'tenant_directory')}
        where account_id = ? and location_id = ? and not archived and not deleted and tenant_id = any(?::text[])`,
      [scope.accountId, scope.locationId, pgArray(ids)],
    );
    return rows.map((row) => ({ tenantId: row.tenant_id, name: row.full_name, phone: row.phone }));
  }

  /** The location's newest e-mail address: bulk mail comes from the building's own address, answers go to its inbox. */
  async locationAddress(em: EntityManager, locationId: string): Promise<string> {
    const [row] = await em.execute<{ email: string }[]>(`select email from ${table(em, 'location_email_address')} where location_id = ? order by stamp desc limit 1`, [locationId]);
    if (!row) throw RpcFailure.conflict(NO_ADDRESS_TO_SEND_FROM);
    return row.email;
  }

  /** The location's current number. */
  async locationNumber(em: EntityManager, locationId: string): Promise<string> {
    const [row] = await em.execute<{ phone_number: string }[]>(
      `select phone_number from ${table(em, 'location_phone_number')} where location_id = ? and assigned order by stamp desc limit 1`,
      [locationId],
    );
    if (!row) throw RpcFailure.conflict(NO_NUMBER_TO_SEND_FROM);
    return row.phone_number;
  }

  /** Queues one send per recipient and audits the whole send once; answers how many were queued. */
  async send(em: EntityManager, send: BulkSend, now = new Date()): Promise<number> {
    const attachments: OutboundAttachment[] = (send.attachments ?? []).map((file) => ({ key: file.key, fileName: file.file_name, contentType: file.content_type, size: file.size }));
    const deliveries: { to: string; tenant_id: string | null; delivery_id: string }[] = [];
    for (const recipient of send.recipients) {
      const id = await this.outbound.enqueue(
        em,
        {
          accountId: send.accountId,
          locationId: send.locationId,
          purpose: send.purpose,
          channel: send.channel,
          from: send.from,
          to: recipient.to,
          subject: send.subject ?? null,
          body: send.body,
          attachments,
          requestedBy: send.actor,
        },
        now,
      );
      deliveries.push({ to: recipient.to, tenant_id: recipient.tenantId, delivery_id: id! });
    }
    await this.audit.record(
      em,
      {
        accountId: send.accountId,
        locationId: send.locationId,
        action: send.action,
        actor: send.actor,
        detail: {
          channel: send.channel,
          from: send.from,
          subject: send.subject ?? null,
          sha256: createHash('sha256').update(send.body, 'utf8').digest('hex'),
          attachments: (send.attachments ?? []).map((file) => ({ file_name: file.file_name, content_type: file.content_type, size: file.size, sha256: file.sha256 })),
          recipients: deliveries,
          ...send.detail,
        },
      },
      now,
    );
    return deliveries.length;
  }
}
