import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { triageMessage } from '@pm/tenant-triage';
import { table } from '../routing/routing-tables.js';
import { EmergencyNotifier } from './emergency-notifier.js';
import { readReceivedMessage, triagedText } from './received-message.js';
import { TicketsRepository } from './tickets.repository.js';

/**
 * A tenant's message triaged the moment it is stored, by rules and not by the model (`@pm/tenant-triage`, the same
 * rules the draft's urgency comes from): an urgent one is marked URGENT in the inbox, opens its ticket and notifies
 * the location's emergency contacts at once; a repair request opens its ticket. The draft follows later, or fails,
 * without holding any of this back: a leak reported while the local model works through a backlog, or while it is
 * missing, still reaches the people who handle it. Idempotent: one ticket per message, notifications keyed per
 * message and recipient.
 */
@Injectable()
export class IntakeTriage {
  private readonly logger = new Logger('Triage');

  constructor(
    private readonly tickets: TicketsRepository,
    private readonly emergencies: EmergencyNotifier,
  ) {}

  /**
   * `received` is the message as its MessageReceived event carries it. The rules read its text first: most messages
   * (questions, thanks) call for nothing, and then nothing is read from the database. Only a message that opens a
   * ticket is read back, to act on it as stored (a tenant's message, still as received).
   */
  async triage(em: EntityManager, received: { messageId: string; body: string; subject?: string | null }, now = new Date()): Promise<void> {
    if (!triageMessage(triagedText({ body: received.body, subject: received.subject ?? null })).opensTicket) return;
    const message = await readReceivedMessage(em, received.messageId);
    if (!message) return;
    const verdict = triageMessage(triagedText(message));
    if (!verdict.opensTicket) return;
    if (verdict.urgent) {
      await em.execute(`update ${table(em, 'message')} set urgent = true, updated_at = greatest(updated_at, ?) where id = ? and not urgent`, [now, message.id], 'run');
    }
    const opened = await this.tickets.open(em, message, { intent: verdict.intent, urgent: verdict.urgent }, now);
    if (!opened) return;
    if (verdict.urgent) {
      this.logger.log({ messageId: message.id, locationId: message.locationId, urgency: verdict.urgency.map((match) => match.category) }, 'urgent message: ticket opened, emergency contacts notified');
      await this.emergencies.notify(em, message, now);
    }
  }
}
