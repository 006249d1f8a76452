import { Injectable } from '@nestjs/common';
import { UploadBuildingDocument, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EntityDocuments } from '../../entity-documents.js';

/** POST building/{id}/document: a file filed under the building (`document:write`). */
@Injectable()
@UseCase(UploadBuildingDocument)
export class UploadBuildingDocumentHandler implements UseCaseHandler<typeof UploadBuildingDocument> {
  constructor(private readonly entityDocuments: EntityDocuments) {}

  handle(request: RequestOf<typeof UploadBuildingDocument>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof UploadBuildingDocument>> {
    return this.entityDocuments.upload(em, caller, { type: 'building', id: request.id, notFound: 'Building not found' }, { file: request.file[0], categoryId: request.category_id ?? null, dataType: request.data_type });
  }
}
