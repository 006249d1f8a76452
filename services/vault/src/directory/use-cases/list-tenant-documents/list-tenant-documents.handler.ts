import { Injectable } from '@nestjs/common';
import { ListTenantDocuments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EntityDocuments } from '../../entity-documents.js';

/** GET tenant/{id}/document: the tenant's Documents tab (`document:read`). */
@Injectable()
@UseCase(ListTenantDocuments)
export class ListTenantDocumentsHandler implements UseCaseHandler<typeof ListTenantDocuments> {
  constructor(private readonly entityDocuments: EntityDocuments) {}

  handle(request: RequestOf<typeof ListTenantDocuments>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListTenantDocuments>> {
    return this.entityDocuments.list(em, caller, { type: 'tenant', id: request.id, notFound: 'Tenant not found' }, request);
  }
}
