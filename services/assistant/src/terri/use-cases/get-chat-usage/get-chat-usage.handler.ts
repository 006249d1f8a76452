import { GetChatUsage, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { messageLimitOf, userMessageCount } from '../../chat-channel.js';

/** What the web polls to know whether an anonymous visitor may still send (the service enforces it too). */
@UseCase(GetChatUsage)
export class GetChatUsageHandler implements UseCaseHandler<typeof GetChatUsage> {
  async handle(_request: RequestOf<typeof GetChatUsage>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetChatUsage>> {
    const userMessages = await userMessageCount(em, caller.userId);
    const limit = messageLimitOf(caller.isAnonymous);
    return { user_messages: userMessages, limit, limited: limit !== null && userMessages >= limit };
  }
}
