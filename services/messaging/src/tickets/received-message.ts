import type { EntityManager } from '@mikro-orm/postgresql';
import { table } from '../routing/routing-tables.js';
import type { UrgentMessage } from './emergency-notifier.js';

/** A tenant's stored inbound message, as tickets and emergency notifications read it. */
export interface ReceivedMessage extends UrgentMessage {
  sessionId: string;
}

/**
 * The tenant's (or unknown sender's) inbound message with this id, still as received, in its session; null for
 * anything else (a vendor's or a group participant's text, a message no longer `received`).
 */
export async function readReceivedMessage(em: EntityManager, messageId: string): Promise<ReceivedMessage | null> {
  const [m] = await em.execute<{
    id: string;
    location_id: string;
    account_id: string;
    session_id: string | null;
    channel: 'sms' | 'email';
    body: string;
    subject: string | null;
    from_address: string;
    sender_name: string | null;
    tenant_name: string | null;
    received_at: Date;
  }[]>(
    `select m.id, m.location_id, m.account_id, m.session_id, m.channel, m.body, m.subject, m.from_address, m.sender_name, t.full_name as tenant_name, m.received_at
       from ${table(em, 'message')} m left join ${table(em, 'tenant_directory')} t on t.tenant_id = m.tenant_id and not t.deleted
      where m.id = ? and m.status = 'received' and m.role = 'tenant' and m.direction = 'inbound'`,
    [messageId],
  );
  if (!m || !m.session_id) return null;
  return {
    id: m.id,
    locationId: m.location_id,
    accountId: m.account_id,
    sessionId: m.session_id,
    channel: m.channel,
    body: m.body,
    subject: m.subject,
    fromAddress: m.from_address,
    senderName: m.sender_name,
    tenantName: m.tenant_name,
    receivedAt: new Date(m.received_at),
  };
}

/** The text the urgency and intent rules read: an e-mail with its subject, as the draft request carries it. */
export function triagedText(message: Pick<ReceivedMessage, 'subject' | 'body'>): string {
  return message.subject ? `${message.subject}\n\n${message.body}` : message.body;
}
