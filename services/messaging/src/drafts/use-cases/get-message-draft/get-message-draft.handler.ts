import { Injectable } from '@nestjs/common';
import { GetMessageDraft, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { MessageAccess } from '../../message-access.js';
import { MessageDrafts } from '../../message-drafts.repository.js';

@Injectable()
@UseCase(GetMessageDraft)
export class GetMessageDraftHandler implements UseCaseHandler<typeof GetMessageDraft> {
  constructor(
    private readonly messages: MessageAccess,
    private readonly drafts: MessageDrafts,
  ) {}

  async handle(request: RequestOf<typeof GetMessageDraft>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetMessageDraft>> {
    await this.messages.require(em, caller, request.id, 'message:read');
    return { versions: await this.drafts.versions(em, request.id) };
  }
}
