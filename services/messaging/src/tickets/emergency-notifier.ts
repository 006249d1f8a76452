import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Directory, type EmergencyRecipient } from '../directory/directory.js';
import { AuditTrail } from '../outbound/audit-trail.js';
import { OutboundQueue } from '../outbound/outbound-queue.js';
import { table } from '../routing/routing-tables.js';

/** The urgent message as the notification tells it. */
export interface UrgentMessage {
  id: string;
  locationId: string;
  accountId: string;
  sessionId: string | null;
  channel: 'sms' | 'email';
  body: string;
  subject: string | null;
  fromAddress: string;
  senderName: string | null;
  tenantName: string | null;
  receivedAt: Date;
}

/** How much of the tenant's words a notification quotes: an SMS stays within 3 segments, an e-mail within a screen. */
const QUOTE_SMS = 280;
const QUOTE_EMAIL = 2_000;

/**
 * Tells the people who handle emergencies at a location that a tenant's message came back urgent: each emergency
 * contact by SMS (when they have a US phone and the location a number) and by e-mail (when the location has an
 * address), or the owner by e-mail when the location has none. Everything goes through the outbox in the caller's
 * transaction; `emergency:<message>:<recipient>:<channel>` makes a redelivered event notify nobody twice.
 */
@Injectable()
export class EmergencyNotifier {
  private readonly logger = new Logger('Emergencies');

  constructor(
    private readonly directory: Directory,
    private readonly outbound: OutboundQueue,
    private readonly audit: AuditTrail,
  ) {}

  async notify(em: EntityManager, message: UrgentMessage, now = new Date()): Promise<void> {
    const recipients = await this.directory.emergencyRecipients(em, message.locationId, message.accountId);
    const location = await this.directory.location(em, message.locationId);
    const place = location?.name || 'your property';
    const [number] = await em.execute<{ phone_number: string }[]>(
      `select phone_number from ${table(em, 'location_phone_number')} where location_id = ? and assigned order by stamp desc limit 1`,
      [message.locationId],
    );
    const [address] = await em.execute<{ email: string }[]>(
      `select email from ${table(em, 'location_email_address')} where location_id = ? order by stamp desc limit 1`,
      [message.locationId],
    );
    const sent: { recipient: string; name: string; channel: 'sms' | 'email'; to: string; deliveryId: string | null }[] = [];
    const skipped: { recipient: string; channel: 'sms' | 'email'; reason: string }[] = [];
    for (const recipient of recipients) {
      const owner = recipient.key.startsWith('owner:');
      if (!owner) {
        if (!recipient.phone) skipped.push({ recipient: recipient.key, channel: 'sms', reason: 'no US phone number' });
        else if (!number) skipped.push({ recipient: recipient.key, channel: 'sms', reason: 'the location has no phone number' });
        else {
          const deliveryId = await this.outbound.enqueue(
            em,
            { ...this.scope(message), channel: 'sms', from: number.phone_number, to: recipient.phone, body: smsText(place, message), dedupeKey: `emergency:${message.id}:${recipient.key}:sms` },
            now,
          );
          sent.push({ recipient: recipient.key, name: recipient.name, channel: 'sms', to: recipient.phone, deliveryId });
        }
      }
      if (!recipient.email) skipped.push({ recipient: recipient.key, channel: 'email', reason: 'no e-mail address' });
      else if (!address) skipped.push({ recipient: recipient.key, channel: 'email', reason: 'the location has no e-mail address' });
      else {
        const deliveryId = await this.outbound.enqueue(
          em,
          {
            ...this.scope(message),
            channel: 'email',
            from: address.email,
            to: recipient.email,
            subject: `Urgent: ${who(message)} at ${place}`.slice(0, 300),
            body: emailText(place, location?.addressText ?? null, message, recipient, owner),
            dedupeKey: `emergency:${message.id}:${recipient.key}:email`,
          },
          now,
        );
        sent.push({ recipient: recipient.key, name: recipient.name, channel: 'email', to: recipient.email, deliveryId });
      }
    }
    // A redelivered completion enqueues nothing new (every key was queued before): it is not a second notification.
    if (recipients.length > 0 && sent.every((s) => s.deliveryId === null) && sent.length > 0) return;
    if (recipients.length === 0) this.logger.warn({ messageId: message.id, locationId: message.locationId }, 'urgent message: the location has no emergency contact and its owner\'s e-mail is unknown; nobody notified');
    await this.audit.record(
      em,
      {
        accountId: message.accountId,
        locationId: message.locationId,
        action: 'emergency_contacts_notified',
        actor: null,
        sessionId: message.sessionId,
        messageId: message.id,
        detail: {
          recipients: sent,
          skipped,
          notified: recipients.some((r) => r.key.startsWith('owner:')) ? 'owner' : recipients.length > 0 ? 'emergency_contacts' : 'nobody',
        },
      },
      now,
    );
  }

  private scope(message: UrgentMessage) {
    return { accountId: message.accountId, locationId: message.locationId, purpose: 'emergency_notification' as const, messageId: null, requestedBy: null };
  }
}

function who(message: UrgentMessage): string {
  return message.tenantName || message.senderName || message.fromAddress;
}

function quote(body: string, max: number): string {
  const words = body.replace(/\s+/g, ' ').trim();
  return words.length <= max ? words : `${words.slice(0, max - 1).trimEnd()}…`;
}

function smsText(place: string, message: UrgentMessage): string {
  const by = message.tenantName ? `${message.tenantName} (tenant)` : `${who(message)} (not a known tenant)`;
  return `URGENT at ${place}: ${by} wrote by ${message.channel === 'sms' ? 'SMS' : 'e-mail'}: "${quote(message.body, QUOTE_SMS)}" Open the inbox to reply.`;
}

function emailText(place: string, addressText: string | null, message: UrgentMessage, recipient: EmergencyRecipient, owner: boolean): string {
  const sender = message.tenantName ? `${message.tenantName}, a tenant (${message.fromAddress})` : `${who(message)}, not a known tenant (${message.fromAddress})`;
  return [
    `Hello ${recipient.name || 'there'},`,
    '',
    `An urgent message just arrived at ${place}${addressText ? ` (${addressText})` : ''}.`,
    '',
    `From: ${sender}`,
    `Received: ${message.receivedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC by ${message.channel === 'sms' ? 'SMS' : 'e-mail'}`,
    ...(message.subject ? [`Subject: ${message.subject}`] : []),
    '',
    `"${quote(message.body, QUOTE_EMAIL)}"`,
    '',
    'A ticket is open for it. Reply to the tenant from the inbox, where the AI prepares a draft for you to review.',
    '',
    owner
      ? `You are receiving this as the owner of ${place} because it has no emergency contact. You can flag partners as emergency contacts on the location's partners page.`
      : `You are receiving this because you are an emergency contact of ${place}.`,
  ].join('\n');
}
