import { Injectable } from '@nestjs/common';
import { AssignDocumentFolder, DOCUMENT_ASSIGNED_TO_FOLDER, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentFiling } from '../../../folders/document-filing.js';
import { DocumentsRepository } from '../../documents.repository.js';

/** POST document/{id}/assign-folder. */
@Injectable()
@UseCase(AssignDocumentFolder)
export class AssignDocumentFolderHandler implements UseCaseHandler<typeof AssignDocumentFolder> {
  constructor(
    private readonly filing: DocumentFiling,
    private readonly documents: DocumentsRepository,
  ) {}

  async handle(request: RequestOf<typeof AssignDocumentFolder>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof AssignDocumentFolder>> {
    const [row] = await this.filing.file(em, caller, [request.id], request.folder_id);
    return { message: DOCUMENT_ASSIGNED_TO_FOLDER, document: await this.documents.view(em, row!.id) };
  }
}
