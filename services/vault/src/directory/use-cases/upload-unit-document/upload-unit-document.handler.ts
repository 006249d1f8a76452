import { Injectable } from '@nestjs/common';
import { UploadUnitDocument, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EntityDocuments } from '../../entity-documents.js';

/** POST unit/{id}/document: a file filed under the unit (`document:write`). */
@Injectable()
@UseCase(UploadUnitDocument)
export class UploadUnitDocumentHandler implements UseCaseHandler<typeof UploadUnitDocument> {
  constructor(private readonly entityDocuments: EntityDocuments) {}

  handle(request: RequestOf<typeof UploadUnitDocument>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof UploadUnitDocument>> {
    return this.entityDocuments.upload(em, caller, { type: 'unit', id: request.id, notFound: 'Unit not found' }, { file: request.file[0], categoryId: request.category_id ?? null, dataType: request.data_type });
  }
}
