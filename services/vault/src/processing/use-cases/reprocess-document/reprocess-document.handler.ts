import { Injectable } from '@nestjs/common';
import { DOCUMENT_BUSY_DELETING, DOCUMENT_REPROCESSING_STARTED, DocumentUploaded, ReprocessDocument, type RequestOf, type ResponseOf } from '@pm/contracts';
import { recordEvent, RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentAccess } from '../../../documents/document-access.js';
import { DocumentsRepository } from '../../../documents/documents.repository.js';
import { table } from '../../../documents/vault-tables.js';

/**
 * POST document/{id}/reprocess: a new attempt (attempt + 1) read from the stored file. `DocumentUploaded` is recorded
 * again with the new attempt, so the pipeline tells it from a redelivery of the old one; an attempt still running is
 * overtaken and its work dropped. The pages and facts are replaced once the new attempt has read them.
 */
@Injectable()
@UseCase(ReprocessDocument)
export class ReprocessDocumentHandler implements UseCaseHandler<typeof ReprocessDocument> {
  constructor(
    private readonly access: DocumentAccess,
    private readonly documents: DocumentsRepository,
  ) {}

  async handle(request: RequestOf<typeof ReprocessDocument>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ReprocessDocument>> {
    const found = await this.access.require(em, caller, request.id, 'document:write');
    const rows = await em.execute<{ attempt: number }[]>(
      `update ${table(em, 'document')} set attempt = attempt + 1, insights_due_at = null where id = ? and status not in ('DELETING', 'DELETED') returning attempt`,
      [found.id],
    );
    const attempt = rows[0]?.attempt;
    if (attempt === undefined) throw RpcFailure.conflict(DOCUMENT_BUSY_DELETING);
    const now = new Date();
    await this.documents.setStatus(em, found.id, { status: 'PROCESSING', progress: 0, failureReason: null, now });
    recordEvent(em, DocumentUploaded, {
      documentId: found.id,
      locationId: found.location_id,
      accountId: found.account_id,
      storageKey: found.storage_key,
      contentType: found.mime_type,
      size: Number(found.size),
      sha256: found.sha256,
      fileName: found.original_name,
      source: found.source,
      chosenCategoryId: found.category_chosen ? found.category_id : null,
      attempt,
      uploadedAt: now.toISOString(),
    });
    return { message: DOCUMENT_REPROCESSING_STARTED, document: await this.documents.view(em, found.id) };
  }
}
