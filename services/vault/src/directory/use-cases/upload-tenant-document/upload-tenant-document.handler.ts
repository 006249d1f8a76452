import { Injectable } from '@nestjs/common';
import { UploadTenantDocument, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EntityDocuments } from '../../entity-documents.js';

/** POST tenant/{id}/document: a file filed under the tenant (`document:write`). */
@Injectable()
@UseCase(UploadTenantDocument)
export class UploadTenantDocumentHandler implements UseCaseHandler<typeof UploadTenantDocument> {
  constructor(private readonly entityDocuments: EntityDocuments) {}

  handle(request: RequestOf<typeof UploadTenantDocument>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof UploadTenantDocument>> {
    return this.entityDocuments.upload(em, caller, { type: 'tenant', id: request.id, notFound: 'Tenant not found' }, { file: request.file[0], categoryId: request.category_id ?? null, dataType: request.data_type });
  }
}
