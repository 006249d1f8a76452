import { Injectable } from '@nestjs/common';
import { GenerateEmailResponse, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../../inbox/inbox.repository.js';
import { SessionAccess } from '../../../inbox/session-access.js';
import { RegenerateMessageDraftHandler } from '../regenerate-message-draft/regenerate-message-draft.handler.js';
import { emailThreadMessage } from '../store-email-manager-response/store-email-manager-response.handler.js';

/** POST email/generate: a new draft of the thread's reply, asked of the assistant by `POST message/{id}/draft/regenerate`'s use case. */
@Injectable()
@UseCase(GenerateEmailResponse)
export class GenerateEmailResponseHandler implements UseCaseHandler<typeof GenerateEmailResponse> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly inbox: InboxRepository,
    private readonly regenerate: RegenerateMessageDraftHandler,
  ) {}

  async handle(request: RequestOf<typeof GenerateEmailResponse>, context: UseCaseContext): Promise<ResponseOf<typeof GenerateEmailResponse>> {
    const messageId = await emailThreadMessage({ sessions: this.sessions, inbox: this.inbox }, context, request.session_id, { locationId: request.location_id, tenantId: request.tenant_id, messageId: request.message });
    return this.regenerate.handle({ id: messageId }, context);
  }
}
