import { Injectable } from '@nestjs/common';
import { DOCUMENT_RENAMED, RenameDocument, safeFileName, vaultLimits, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentAccess } from '../../document-access.js';
import { DocumentsRepository } from '../../documents.repository.js';
import { table } from '../../vault-tables.js';

/** PUT document/{id}/rename (`document:write`): the name shown (sanitised as an uploaded file's); the stored object keeps its key. */
@Injectable()
@UseCase(RenameDocument)
export class RenameDocumentHandler implements UseCaseHandler<typeof RenameDocument> {
  constructor(
    private readonly access: DocumentAccess,
    private readonly documents: DocumentsRepository,
  ) {}

  async handle(request: RequestOf<typeof RenameDocument>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof RenameDocument>> {
    const row = await this.access.require(em, caller, request.id, 'document:write');
    const name = safeFileName(request.name, row.original_name, vaultLimits.documentName);
    await em.execute(`update ${table(em, 'document')} set original_name = ?, updated_at = ? where id = ?`, [name, new Date(), row.id]);
    return { message: DOCUMENT_RENAMED, document: await this.documents.view(em, row.id) };
  }
}
