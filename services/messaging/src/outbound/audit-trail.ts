import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import { table } from '../routing/routing-tables.js';

/**
 * What happened to a tenant's message, by whom. `actor` is a user id, or null for the system (an auto-send, a
 * notification, the dispatcher). Add an action here when a feature starts recording one, so that the names stay one set.
 */
export type AuditAction =
  | 'reply_approved'
  | 'auto_reply_queued'
  | 'session_archived'
  | 'delivery_sent'
  | 'delivery_failed'
  | 'emergency_contacts_notified'
  | 'ticket_opened'
  | 'ticket_assigned'
  | 'ticket_resolved'
  | 'group_conversation_created'
  | 'conversation_message_sent'
  | 'conversation_archived'
  | 'invitation_queued'
  | 'renewal_queued'
  | 'rent_notice_queued'
  | 'bulk_email_sent'
  | 'bulk_sms_sent'
  | 'email_sent';

export interface AuditEntry {
  accountId: string;
  locationId: string;
  action: AuditAction;
  actor: string | null;
  sessionId?: string | null;
  messageId?: string | null;
  deliveryId?: string | null;
  /** The draft version the action started from (a reply approved from the AI's draft, edited or not). */
  draftId?: string | null;
  /** The facts of the action worth proving later (the text's sha256, whether it was edited, the recipients). */
  detail?: Record<string, unknown>;
}

/** The audit trail (`messaging.message_audit`): insert-only, written in the transaction of the action it records. */
@Injectable()
export class AuditTrail {
  async record(em: EntityManager, entry: AuditEntry, at = new Date()): Promise<void> {
    await em.execute(
      `insert into ${table(em, 'message_audit')} (id, account_id, location_id, session_id, message_id, delivery_id, action, actor, draft_id, detail, at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`,
      [uuidv7(), entry.accountId, entry.locationId, entry.sessionId ?? null, entry.messageId ?? null, entry.deliveryId ?? null, entry.action, entry.actor, entry.draftId ?? null, JSON.stringify(entry.detail ?? {}), at],
    );
  }
}
