import { Injectable } from '@nestjs/common';
import { GetDocument, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentAccess } from '../../document-access.js';
import { DocumentsRepository } from '../../documents.repository.js';

/** GET document/{id}. */
@Injectable()
@UseCase(GetDocument)
export class GetDocumentHandler implements UseCaseHandler<typeof GetDocument> {
  constructor(
    private readonly access: DocumentAccess,
    private readonly documents: DocumentsRepository,
  ) {}

  async handle(request: RequestOf<typeof GetDocument>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetDocument>> {
    const row = await this.access.require(em, caller, request.id, 'document:read');
    return (await this.documents.views(em, [row]))[0]!;
  }
}
