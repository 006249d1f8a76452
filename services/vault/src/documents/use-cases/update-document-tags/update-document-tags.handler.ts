import { Injectable } from '@nestjs/common';
import { UpdateDocumentTags, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { TagTargets } from '../../../directory/tag-targets.js';
import { DocumentAccess } from '../../document-access.js';
import { DocumentsRepository } from '../../documents.repository.js';
import { table } from '../../vault-tables.js';

/** PUT vault/documents/{id}/tags: the document's five tag lists replaced, every id checked first. */
@Injectable()
@UseCase(UpdateDocumentTags)
export class UpdateDocumentTagsHandler implements UseCaseHandler<typeof UpdateDocumentTags> {
  constructor(
    private readonly access: DocumentAccess,
    private readonly targets: TagTargets,
    private readonly documents: DocumentsRepository,
  ) {}

  async handle(request: RequestOf<typeof UpdateDocumentTags>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof UpdateDocumentTags>> {
    const row = await this.access.require(em, caller, request.id, 'document:write');
    const { id: _id, ...tags } = request;
    await this.documents.replaceTags(em, row.id, await this.targets.require(em, caller, tags));
    await em.execute(`update ${table(em, 'document')} set updated_at = ? where id = ?`, [new Date(), row.id]);
    return this.documents.view(em, row.id);
  }
}
