import { Injectable } from '@nestjs/common';
import { DRAFT_REGENERATED, RegenerateMessageDraft, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { MessageAccess } from '../../message-access.js';
import { MessageDrafts } from '../../message-drafts.repository.js';

/** Asks the assistant again: the new version is pending now and filled when its answer comes (the inbox shows it). */
@Injectable()
@UseCase(RegenerateMessageDraft)
export class RegenerateMessageDraftHandler implements UseCaseHandler<typeof RegenerateMessageDraft> {
  constructor(
    private readonly messages: MessageAccess,
    private readonly drafts: MessageDrafts,
  ) {}

  async handle(request: RequestOf<typeof RegenerateMessageDraft>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof RegenerateMessageDraft>> {
    await this.messages.require(em, caller, request.id, 'message:send');
    return { message: DRAFT_REGENERATED, draft: await this.drafts.request(em, request.id, 'regenerate', caller.userId) };
  }
}
