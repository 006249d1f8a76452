import { Injectable } from '@nestjs/common';
import { SendSmsResponse, SMS_SENT, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { SessionAccess } from '../../../inbox/session-access.js';
import { RepliesRepository } from '../../replies.repository.js';

/** The team's reply to an SMS session, approved by the caller: in the thread and the outbox in one transaction. */
@Injectable()
@UseCase(SendSmsResponse)
export class SendSmsResponseHandler implements UseCaseHandler<typeof SendSmsResponse> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly replies: RepliesRepository,
  ) {}

  async handle(request: RequestOf<typeof SendSmsResponse>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof SendSmsResponse>> {
    await this.sessions.require(em, caller, request.sessionId, 'message:send');
    const deliveryId = await this.replies.reply(em, { sessionId: request.sessionId, channel: 'sms', text: request.response, purpose: 'reply', actor: caller.userId });
    return { message: SMS_SENT, sent: await this.replies.sent(em, deliveryId!) };
  }
}
