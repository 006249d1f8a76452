import { Injectable } from '@nestjs/common';
import { ListContactDocuments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EntityDocuments } from '../../entity-documents.js';

/** GET contacts/{id}/documents?location_id=: the contact's documents at the selected location (`document:read`). */
@Injectable()
@UseCase(ListContactDocuments)
export class ListContactDocumentsHandler implements UseCaseHandler<typeof ListContactDocuments> {
  constructor(private readonly entityDocuments: EntityDocuments) {}

  handle(request: RequestOf<typeof ListContactDocuments>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListContactDocuments>> {
    return this.entityDocuments.listOfContact(em, caller, { id: request.id, locationId: request.location_id }, request);
  }
}
