import { Injectable } from '@nestjs/common';
import { ListBuildingDocuments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EntityDocuments } from '../../entity-documents.js';

/** GET building/{id}/document: the building's Documents tab (`document:read`). */
@Injectable()
@UseCase(ListBuildingDocuments)
export class ListBuildingDocumentsHandler implements UseCaseHandler<typeof ListBuildingDocuments> {
  constructor(private readonly entityDocuments: EntityDocuments) {}

  handle(request: RequestOf<typeof ListBuildingDocuments>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListBuildingDocuments>> {
    return this.entityDocuments.list(em, caller, { type: 'building', id: request.id, notFound: 'Building not found' }, request);
  }
}
