import { chatChannelOf, GetChatToken, TERRI_CHAT_STREAM_PATH, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';

/**
 * The chat channel is our own SSE stream, opened with the session's access token like every call: there is no
 * separate chat secret to issue, and the channel named is always the verified caller's own.
 */
@UseCase(GetChatToken)
export class GetChatTokenHandler implements UseCaseHandler<typeof GetChatToken> {
  async handle(_request: RequestOf<typeof GetChatToken>, { caller }: UseCaseContext): Promise<ResponseOf<typeof GetChatToken>> {
    return { tokenOrProvider: 'session', channel: chatChannelOf(caller.userId), user_id: caller.userId, stream_path: TERRI_CHAT_STREAM_PATH };
  }
}
