import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ChatMessagePosted, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { ChatMessage } from './chat-message.entity.js';
import { TerriReplies } from './terri-replies.js';

/**
 * Terri answers each message a person posts, after the send call has returned. One event at a time with a long ack
 * wait: local model answers queue behind each other (5-10 s each on a 2-core machine).
 */
@Controller()
export class OnChatMessagePostedConsumer {
  constructor(private readonly replies: TerriReplies) {}

  @OnEvent(ChatMessagePosted, { durable: 'assistant.terri-reply', ackWaitMs: 180_000, batchSize: 1 })
  async onPosted(@Payload() event: EventOf<typeof ChatMessagePosted>, @Ctx() context: EventContext): Promise<void> {
    if (event.data.role !== 'user') return;
    if (!context.em) throw new Error('assistant consumers need the transaction of their inbox row');
    const em = context.em as EntityManager;
    const question = await em.findOne(ChatMessage, { id: event.data.messageId });
    if (question) await this.replies.reply(em, question);
  }
}
