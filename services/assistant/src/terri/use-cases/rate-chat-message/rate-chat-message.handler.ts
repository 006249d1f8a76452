import { RateChatMessage, type ChatMessage as ChatMessageView, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ChatMessage } from '../../chat-message.entity.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `rate` reaction: only Terri's messages, only in the caller's own channel. Another user's message answers 404,
 * exactly as one that does not exist, so nobody learns which message ids exist.
 */
@UseCase(RateChatMessage)
export class RateChatMessageHandler implements UseCaseHandler<typeof RateChatMessage> {
  async handle({ message_id, rating, user_id }: RequestOf<typeof RateChatMessage>, { em, caller }: UseCaseContext): Promise<ChatMessageView> {
    if (user_id !== undefined && user_id !== caller.userId) throw RpcFailure.forbidden('You can rate only messages of your own chat');
    const message = uuidPattern.test(message_id) ? await em.findOne(ChatMessage, { id: message_id, userId: caller.userId }) : null;
    if (!message) throw RpcFailure.notFound('Message not found');
    if (message.role !== 'admin') throw RpcFailure.badRequest('Only assistant messages can be rated');
    message.rate(rating);
    return message.toView();
  }
}
