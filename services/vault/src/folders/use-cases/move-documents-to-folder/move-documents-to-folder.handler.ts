import { Injectable } from '@nestjs/common';
import { DOCUMENT_MOVED, MoveDocumentsToFolder, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentFiling } from '../../document-filing.js';

/** POST document-folders/move-documents. */
@Injectable()
@UseCase(MoveDocumentsToFolder)
export class MoveDocumentsToFolderHandler implements UseCaseHandler<typeof MoveDocumentsToFolder> {
  constructor(private readonly filing: DocumentFiling) {}

  async handle(request: RequestOf<typeof MoveDocumentsToFolder>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof MoveDocumentsToFolder>> {
    const moved = await this.filing.file(em, caller, request.document_ids, request.folder_id);
    return { message: DOCUMENT_MOVED, moved_documents_count: moved.length };
  }
}
