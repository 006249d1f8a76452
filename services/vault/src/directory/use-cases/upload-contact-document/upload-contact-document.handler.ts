import { Injectable } from '@nestjs/common';
import { UploadContactDocument, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EntityDocuments } from '../../entity-documents.js';

/** POST contacts/{id}/documents?location_id=: a file filed at the selected location, linked to the contact (`document:write`). */
@Injectable()
@UseCase(UploadContactDocument)
export class UploadContactDocumentHandler implements UseCaseHandler<typeof UploadContactDocument> {
  constructor(private readonly entityDocuments: EntityDocuments) {}

  handle(request: RequestOf<typeof UploadContactDocument>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof UploadContactDocument>> {
    return this.entityDocuments.uploadForContact(em, caller, { id: request.id, locationId: request.location_id }, { file: request.file[0], categoryId: request.category_id ?? null, dataType: request.data_type });
  }
}
