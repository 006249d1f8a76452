import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MessageDraftCompleted, type EventOf, type ReplyDraftCompleted } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { TICKET_INTENTS } from '@pm/tenant-triage';
import { EmergencyNotifier } from './emergency-notifier.js';
import { readReceivedMessage } from './received-message.js';
import { TicketsRepository } from './tickets.repository.js';

/**
 * What follows a draft's fill, in the same transaction: the inbox hears of it (MessageDraftCompleted, on the notify
 * stream), and a ticket opens for an urgent or maintenance message that intake triage (IntakeTriage) did not already
 * open one for: the model may settle a maintenance intent the English rules could not (a message in another
 * language). Emergency contacts are notified only with a ticket this completion opened, so a message intake already
 * handled notifies nobody twice. Runs only when the answer filled a pending version, so a redelivered answer does
 * nothing again.
 */
@Injectable()
export class DraftFollowUp {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly emergencies: EmergencyNotifier,
  ) {}

  async afterCompletion(em: EntityManager, event: EventOf<typeof ReplyDraftCompleted>): Promise<void> {
    const { data } = event;
    const message = await readReceivedMessage(em, data.messageId);
    if (!message) return;
    const draft = data.status === 'ready' ? data.draft : null;
    recordEvent(em, MessageDraftCompleted, {
      draftId: data.draftId,
      messageId: message.id,
      sessionId: message.sessionId,
      locationId: message.locationId,
      accountId: message.accountId,
      status: data.status,
      urgent: draft?.urgent ?? false,
    });
    if (!draft || !(draft.urgent || TICKET_INTENTS.has(draft.intent))) return;
    const now = new Date(data.completedAt);
    const opened = await this.tickets.open(em, message, { intent: draft.intent, urgent: draft.urgent }, now);
    if (opened && draft.urgent) await this.emergencies.notify(em, message, now);
  }
}
