import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MessageDraftCompleted, type EventOf, type ReplyDraftCompleted, type TenantIntent } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { table } from '../routing/routing-tables.js';
import { EmergencyNotifier } from './emergency-notifier.js';
import { TicketsRepository } from './tickets.repository.js';

/** Intents that need someone to act, not only an answer: they open a ticket whether or not the draft is urgent. */
export const TICKET_INTENTS: ReadonlySet<TenantIntent> = new Set(['emergency', 'maintenance_request']);

/**
 * What follows a draft's fill, in the same transaction: the inbox hears of it (MessageDraftCompleted, on the notify
 * stream), an urgent or maintenance message opens its ticket, and an urgent one notifies the location's emergency
 * contacts. Runs only when the answer filled a pending version, so a redelivered answer does nothing again.
 */
@Injectable()
export class DraftFollowUp {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly emergencies: EmergencyNotifier,
  ) {}

  async afterCompletion(em: EntityManager, event: EventOf<typeof ReplyDraftCompleted>): Promise<void> {
    const { data } = event;
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
        where m.id = ? and m.status = 'received'`,
      [data.messageId],
    );
    if (!m || !m.session_id) return;
    const draft = data.status === 'ready' ? data.draft : null;
    recordEvent(em, MessageDraftCompleted, {
      draftId: data.draftId,
      messageId: m.id,
      sessionId: m.session_id,
      locationId: m.location_id,
      accountId: m.account_id,
      status: data.status,
      urgent: draft?.urgent ?? false,
    });
    if (!draft || !(draft.urgent || TICKET_INTENTS.has(draft.intent))) return;
    const now = new Date(data.completedAt);
    const message = { id: m.id, locationId: m.location_id, accountId: m.account_id, sessionId: m.session_id };
    await this.tickets.open(em, message, { intent: draft.intent, urgent: draft.urgent }, now);
    if (draft.urgent) {
      await this.emergencies.notify(
        em,
        { ...message, channel: m.channel, body: m.body, subject: m.subject, fromAddress: m.from_address, senderName: m.sender_name, tenantName: m.tenant_name, receivedAt: new Date(m.received_at) },
        now,
      );
    }
  }
}
