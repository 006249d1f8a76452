import { Injectable } from '@nestjs/common';
import { DOCUMENT_SUMMARY_NOT_AVAILABLE, GetDocumentSummary, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentAccess } from '../../../documents/document-access.js';
import { ProcessingRepository } from '../../processing.repository.js';

/** GET document/{id}/summary: 404 with the web's own words while there is none (processing, or finished without). */
@Injectable()
@UseCase(GetDocumentSummary)
export class GetDocumentSummaryHandler implements UseCaseHandler<typeof GetDocumentSummary> {
  constructor(
    private readonly access: DocumentAccess,
    private readonly processing: ProcessingRepository,
  ) {}

  async handle(request: RequestOf<typeof GetDocumentSummary>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetDocumentSummary>> {
    const row = await this.access.require(em, caller, request.id, 'document:read');
    const { summary, summary_outcome } = await this.processing.summary(em, row.id);
    if (summary === null || summary_outcome === null || row.status === 'DELETING') throw RpcFailure.notFound(DOCUMENT_SUMMARY_NOT_AVAILABLE);
    return { document_id: row.id, summary, outcome: summary_outcome };
  }
}
