import { Controller, Logger } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReplyDraftCompleted, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { AutoSendRepository } from '../auto-send/auto-send.repository.js';
import { DraftFollowUp } from '../tickets/draft-follow-up.js';
import { MessageDrafts } from './message-drafts.repository.js';

/**
 * Stores the assistant's draft (or why there is none) in the version it was asked for, and in the same transaction
 * what follows from it: the inbox notified, a ticket opened, emergency contacts notified (`DraftFollowUp`), and the
 * reply sent when the owner allowed auto-send for its intent and the draft qualifies (a redelivered answer stores
 * nothing, so it follows up and sends nothing).
 */
@Controller()
export class OnReplyDraftCompletedConsumer {
  private readonly logger = new Logger('Drafts');

  constructor(
    private readonly drafts: MessageDrafts,
    private readonly followUp: DraftFollowUp,
    private readonly autoSend: AutoSendRepository,
  ) {}

  @OnEvent(ReplyDraftCompleted, { durable: 'messaging.reply-draft-completed' })
  async onCompleted(@Payload() event: EventOf<typeof ReplyDraftCompleted>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('messaging consumers need the transaction of their inbox row');
    const em = context.em as EntityManager;
    const stored = await this.drafts.complete(em, event);
    if (!stored) {
      this.logger.log({ draftId: event.data.draftId }, 'draft answer for a version already complete: kept the first');
      return;
    }
    await this.followUp.afterCompletion(em, event);
    await this.autoSend.consider(em, event);
  }
}
