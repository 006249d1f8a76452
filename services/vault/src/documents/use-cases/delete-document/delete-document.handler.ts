import { Injectable } from '@nestjs/common';
import { DeleteDocument, DOCUMENT_DELETED, DOCUMENT_NOT_FOUND, DOCUMENT_STATUSES, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentAccess } from '../../document-access.js';
import { DocumentsRepository } from '../../documents.repository.js';
import { table } from '../../vault-tables.js';

const DELETABLE = DOCUMENT_STATUSES.filter((status) => status !== 'DELETING' && status !== 'DELETED');

/**
 * DELETE vault/documents/{documentId} (`document:write`): DELETING, then DELETED with `deleted_at` set (lists, search
 * and the de-duplication index no longer see it), each recorded with DocumentStatusChanged. The row stays as the
 * record of what was there. Its file (and preview) are removed from storage by `OnDocumentDeletedConsumer` after the
 * delete committed, once no other document refers to them (the same bytes filed in another location share the object).
 */
@Injectable()
@UseCase(DeleteDocument)
export class DeleteDocumentHandler implements UseCaseHandler<typeof DeleteDocument> {
  constructor(
    private readonly access: DocumentAccess,
    private readonly documents: DocumentsRepository,
  ) {}

  async handle(request: RequestOf<typeof DeleteDocument>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof DeleteDocument>> {
    const row = await this.access.require(em, caller, request.documentId, 'document:write');
    const now = new Date();
    // A delete already under way (another request) owns the document now.
    if (!(await this.documents.setStatus(em, row.id, { status: 'DELETING', progress: row.progress, from: DELETABLE, now }))) throw RpcFailure.notFound(DOCUMENT_NOT_FOUND);
    await em.execute(`update ${table(em, 'document')} set deleted_at = ?, folder_id = null where id = ?`, [now, row.id]);
    await this.documents.setStatus(em, row.id, { status: 'DELETED', progress: row.progress, from: ['DELETING'], now });
    return { message: DOCUMENT_DELETED };
  }
}
