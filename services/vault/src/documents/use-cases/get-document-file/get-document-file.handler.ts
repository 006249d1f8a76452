import { Injectable } from '@nestjs/common';
import { GetDocumentFile, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentAccess } from '../../document-access.js';

/** Where the BFF's download reads a document's file (and its PDF preview) from, after the access decision. */
@Injectable()
@UseCase(GetDocumentFile)
export class GetDocumentFileHandler implements UseCaseHandler<typeof GetDocumentFile> {
  constructor(private readonly access: DocumentAccess) {}

  async handle(request: RequestOf<typeof GetDocumentFile>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetDocumentFile>> {
    const row = await this.access.require(em, caller, request.id, 'document:read');
    return { storage_key: row.storage_key, preview_key: row.preview_key, mime_type: row.mime_type, file_name: row.original_name };
  }
}
