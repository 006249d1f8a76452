import { Injectable } from '@nestjs/common';
import { DOCUMENT_CATEGORY_UPDATED, UpdateDocumentCategory, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentAccess } from '../../document-access.js';
import { DocumentsRepository } from '../../documents.repository.js';
import { table } from '../../vault-tables.js';

/**
 * PATCH document/{id}/category (`document:write`). `category_chosen` marks a person's choice, which the pipeline's
 * categorisation keeps. The change is recorded with DocumentStatusChanged (status as it is), carrying the new category.
 */
@Injectable()
@UseCase(UpdateDocumentCategory)
export class UpdateDocumentCategoryHandler implements UseCaseHandler<typeof UpdateDocumentCategory> {
  constructor(
    private readonly access: DocumentAccess,
    private readonly documents: DocumentsRepository,
  ) {}

  async handle(request: RequestOf<typeof UpdateDocumentCategory>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof UpdateDocumentCategory>> {
    const row = await this.access.require(em, caller, request.id, 'document:write');
    const now = new Date();
    await em.execute(`update ${table(em, 'document')} set category_id = ?, category_chosen = true, updated_at = ? where id = ?`, [request.category, now, row.id]);
    await this.documents.setStatus(em, row.id, { status: row.status, progress: row.progress, now });
    return { message: DOCUMENT_CATEGORY_UPDATED, document: await this.documents.view(em, row.id) };
  }
}
