import { Injectable } from '@nestjs/common';
import { DRAFT_STORED, EditMessageDraft, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { MessageAccess } from '../../message-access.js';
import { MessageDrafts } from '../../message-drafts.repository.js';

@Injectable()
@UseCase(EditMessageDraft)
export class EditMessageDraftHandler implements UseCaseHandler<typeof EditMessageDraft> {
  constructor(
    private readonly messages: MessageAccess,
    private readonly drafts: MessageDrafts,
  ) {}

  async handle(request: RequestOf<typeof EditMessageDraft>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof EditMessageDraft>> {
    await this.messages.require(em, caller, request.id, 'message:send');
    return { message: DRAFT_STORED, draft: await this.drafts.edit(em, request.id, request.response, caller.userId) };
  }
}
