import { Injectable } from '@nestjs/common';
import { CHAT_LIMIT_MESSAGE, ChatMessagePosted, GetUserResidence, SendChatMessage, type ChatMessage as ChatMessageView, type RequestOf } from '@pm/contracts';
import { RpcClient, RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { lockChannel, messageLimitOf, userMessageCount } from '../../chat-channel.js';
import { ChatMessage } from '../../chat-message.entity.js';

/**
 * The person's message joins their channel; Terri answers it asynchronously (OnChatMessagePostedConsumer), on the
 * chat stream. What Terri may answer from is decided here, by portfolio, with the sender's own token: their home,
 * and a managed location only when portfolio vouches they are a registered tenant there.
 */
@Injectable()
@UseCase(SendChatMessage)
export class SendChatMessageHandler implements UseCaseHandler<typeof SendChatMessage> {
  constructor(private readonly rpc: RpcClient) {}

  async handle({ text }: RequestOf<typeof SendChatMessage>, { em, caller, record }: UseCaseContext): Promise<ChatMessageView> {
    await lockChannel(em, caller.userId);
    const limit = messageLimitOf(caller.isAnonymous);
    if (limit !== null && (await userMessageCount(em, caller.userId)) >= limit) throw RpcFailure.forbidden(CHAT_LIMIT_MESSAGE);

    const { property, residence } = await this.rpc.request(GetUserResidence, {});
    const message = em.create(ChatMessage, {
      id: uuidv7(),
      userId: caller.userId,
      role: 'user',
      text,
      replyTo: null,
      rating: null,
      sources: [],
      outcome: null,
      askerContext: { property, residence },
      createdAt: new Date(),
    });
    await record(ChatMessagePosted, {
      messageId: message.id,
      userId: message.userId,
      role: 'user',
      text: message.text,
      replyTo: null,
      sources: [],
      outcome: null,
      createdAt: message.createdAt.toISOString(),
    });
    return message.toView();
  }
}
