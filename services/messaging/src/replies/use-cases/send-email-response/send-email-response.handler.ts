import { Injectable } from '@nestjs/common';
import { EMAIL_SENT, SendEmailResponse, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { SessionAccess } from '../../../inbox/session-access.js';
import { RepliesRepository } from '../../replies.repository.js';

/** The team's reply to an e-mail thread, from the location's address, threaded, approved by the caller. */
@Injectable()
@UseCase(SendEmailResponse)
export class SendEmailResponseHandler implements UseCaseHandler<typeof SendEmailResponse> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly replies: RepliesRepository,
  ) {}

  async handle(request: RequestOf<typeof SendEmailResponse>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof SendEmailResponse>> {
    await this.sessions.require(em, caller, request.sessionId, 'message:send');
    const deliveryId = await this.replies.reply(em, {
      sessionId: request.sessionId,
      channel: 'email',
      text: request.response,
      subject: request.subject,
      purpose: 'reply',
      actor: caller.userId,
    });
    return { message: EMAIL_SENT, sent: await this.replies.sent(em, deliveryId!) };
  }
}
