import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RENT_NOTICE_LANGUAGES, type DataOf, type LeaseRenewalRequested, type RentNoticeRequested, type TenantInvitationIssued } from '@pm/contracts';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { AuditTrail } from '../outbound/audit-trail.js';
import { OutboundQueue } from '../outbound/outbound-queue.js';
import { table } from '../routing/routing-tables.js';
import { fillPlaceholders, withSignature } from './default-email-templates.js';
import { EmailTemplatesRepository } from './email-templates.repository.js';

type TenantFacts = DataOf<typeof TenantInvitationIssued> | DataOf<typeof LeaseRenewalRequested>;

/**
 * The e-mails portfolio asks for on a tenant's behalf (an invitation, a lease renewal), worded here: placeholders
 * filled with the event's values, the building's signature under it, from the location's address (the platform's
 * no-reply address when it has none yet), and queued in the outbox in the consumer's transaction. The event's id
 * names the send, so a redelivered event sends nothing more.
 */
@Injectable()
export class TenantMail {
  constructor(
    private readonly templates: EmailTemplatesRepository,
    private readonly outbound: OutboundQueue,
    private readonly audit: AuditTrail,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async invitation(em: EntityManager, eventId: string, data: DataOf<typeof TenantInvitationIssued>): Promise<string | null> {
    return this.send(em, eventId, data, 'invitation', { subject: data.subject, body: data.body }, null);
  }

  async renewal(em: EntityManager, eventId: string, data: DataOf<typeof LeaseRenewalRequested>): Promise<string | null> {
    const template = await this.templates.resolve(em, data.buildingId, 'lease-renewal');
    return this.send(em, eventId, data, 'renewal', template, data.requestedBy);
  }

  /**
   * A rent notice payments worded (payment links, a receipt, a reminder, a late notice), sent as written: by e-mail
   * to a tenant with an address, signed with the building's signature, and by SMS to a tenant with a phone number from
   * the location's number (none while the location has no number). In the tenant's language where payments wrote the
   * notice in it and messaging knows it (`tenantLanguage`), else in English. Each once per notice (`noticeId`), however
   * often it is asked for. Answers the e-mail's delivery, else the text's.
   */
  async rentNotice(em: EntityManager, notice: DataOf<typeof RentNoticeRequested>): Promise<string | null> {
    const language = await this.tenantLanguage(em, notice.tenantId);
    const wording = language ? notice.translations[language] : undefined;
    const data = wording ? { ...notice, ...wording } : notice;
    let emailDelivery: string | null = null;
    if (data.email) {
      const signature = await this.templates.signatureFor(em, data.locationId, data.buildingId);
      emailDelivery = await this.outbound.enqueue(em, {
        accountId: data.accountId,
        locationId: data.locationId,
        purpose: 'rent',
        channel: 'email',
        from: await this.fromAddress(em, data.locationId),
        to: data.email,
        subject: data.subject,
        body: withSignature(data.body, signature),
        requestedBy: data.requestedBy,
        dedupeKey: `rent:${data.noticeId}`,
      });
      if (emailDelivery) await this.auditRentNotice(em, data, emailDelivery, data.email);
    }
    const number = data.phone && data.sms ? await this.locationNumber(em, data.locationId) : null;
    let smsDelivery: string | null = null;
    if (data.phone && data.sms && number) {
      smsDelivery = await this.outbound.enqueue(em, {
        accountId: data.accountId,
        locationId: data.locationId,
        purpose: 'rent',
        channel: 'sms',
        from: number,
        to: data.phone,
        subject: null,
        body: data.sms,
        requestedBy: data.requestedBy,
        dedupeKey: `rent-sms:${data.noticeId}`,
      });
      if (smsDelivery) await this.auditRentNotice(em, data, smsDelivery, data.phone);
    }
    return emailDelivery ?? smsDelivery;
  }

  private async auditRentNotice(em: EntityManager, data: DataOf<typeof RentNoticeRequested>, deliveryId: string, to: string): Promise<void> {
    await this.audit.record(em, {
      accountId: data.accountId,
      locationId: data.locationId,
      action: 'rent_notice_queued',
      actor: data.requestedBy,
      deliveryId,
      detail: { tenantId: data.tenantId, kind: data.kind, notice: data.noticeId, to },
    });
  }

  /**
   * The language the tenant writes in, of those rent notices are worded in: the one detected on the draft of their
   * latest message that has one; null when it is English, another one, or unknown.
   */
  private async tenantLanguage(em: EntityManager, tenantId: string): Promise<(typeof RENT_NOTICE_LANGUAGES)[number] | null> {
    const [row] = await em.execute<{ language: string }[]>(
      `select d.language from ${table(em, 'message_draft')} d join ${table(em, 'message')} m on m.id = d.message_id
        where m.tenant_id = ? and m.direction = 'inbound' and d.language is not null
        order by m.received_at desc, d.version desc limit 1`,
      [tenantId],
    );
    const code = row?.language.toLowerCase().split(/[-_]/)[0];
    return (RENT_NOTICE_LANGUAGES as readonly string[]).includes(code ?? '') ? (code as (typeof RENT_NOTICE_LANGUAGES)[number]) : null;
  }

  /** The location's current number, or null while it has none. */
  private async locationNumber(em: EntityManager, locationId: string): Promise<string | null> {
    const [row] = await em.execute<{ phone_number: string }[]>(
      `select phone_number from ${table(em, 'location_phone_number')} where location_id = ? and assigned order by stamp desc limit 1`,
      [locationId],
    );
    return row?.phone_number ?? null;
  }

  /** The location's own address, or the platform's no-reply address while it has none. */
  private async fromAddress(em: EntityManager, locationId: string): Promise<string> {
    const [address] = await em.execute<{ email: string }[]>(
      `select email from ${table(em, 'location_email_address')} where location_id = ? order by stamp desc limit 1`,
      [locationId],
    );
    return address?.email ?? `no-reply@${this.config.MAIL_DOMAIN}`;
  }

  private async send(
    em: EntityManager,
    eventId: string,
    data: TenantFacts,
    purpose: 'invitation' | 'renewal',
    text: { subject: string; body: string },
    actor: string | null,
  ): Promise<string | null> {
    const values = {
      tenant_name: data.tenantName,
      property_name: data.propertyName,
      property_address: data.propertyAddress,
      invite_link: data.inviteLink,
      lease_end: data.leaseEnd,
    };
    const signature = await this.templates.signatureFor(em, data.locationId, data.buildingId);
    const deliveryId = await this.outbound.enqueue(em, {
      accountId: data.accountId,
      locationId: data.locationId,
      purpose,
      channel: 'email',
      from: await this.fromAddress(em, data.locationId),
      to: data.email,
      subject: fillPlaceholders(text.subject, values),
      body: withSignature(fillPlaceholders(text.body, values), signature),
      requestedBy: actor,
      dedupeKey: `${purpose}:${eventId}`,
    });
    if (deliveryId) {
      await this.audit.record(em, {
        accountId: data.accountId,
        locationId: data.locationId,
        action: purpose === 'invitation' ? 'invitation_queued' : 'renewal_queued',
        actor,
        deliveryId,
        detail: { tenantId: data.tenantId, buildingId: data.buildingId, to: data.email, event: eventId },
      });
    }
    return deliveryId;
  }
}
