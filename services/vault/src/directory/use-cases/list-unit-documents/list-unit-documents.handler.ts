import { Injectable } from '@nestjs/common';
import { ListUnitDocuments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EntityDocuments } from '../../entity-documents.js';

/** GET unit/{id}/document: the unit's Documents tab (`document:read`). */
@Injectable()
@UseCase(ListUnitDocuments)
export class ListUnitDocumentsHandler implements UseCaseHandler<typeof ListUnitDocuments> {
  constructor(private readonly entityDocuments: EntityDocuments) {}

  handle(request: RequestOf<typeof ListUnitDocuments>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListUnitDocuments>> {
    return this.entityDocuments.list(em, caller, { type: 'unit', id: request.id, notFound: 'Unit not found' }, request);
  }
}
