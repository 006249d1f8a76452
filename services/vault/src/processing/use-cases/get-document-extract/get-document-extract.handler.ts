import { Injectable } from '@nestjs/common';
import { GetDocumentExtract, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentAccess } from '../../../documents/document-access.js';
import { ProcessingRepository } from '../../processing.repository.js';

/** GET document/{id}/extract: the stored facts of the current reading, the parser's and the model's. */
@Injectable()
@UseCase(GetDocumentExtract)
export class GetDocumentExtractHandler implements UseCaseHandler<typeof GetDocumentExtract> {
  constructor(
    private readonly access: DocumentAccess,
    private readonly processing: ProcessingRepository,
  ) {}

  async handle(request: RequestOf<typeof GetDocumentExtract>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetDocumentExtract>> {
    const row = await this.access.require(em, caller, request.id, 'document:read');
    return { document_id: row.id, status: row.status, facts: await this.processing.facts(em, row.id) };
  }
}
