import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { AssignDocumentLocation, DOCUMENT_LOCATION_ASSIGNED, DOCUMENT_NOT_PENDING, DUPLICATE_IN_TARGET, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentAccess } from '../../document-access.js';
import { DocumentRelocation } from '../../document-relocation.js';
import { DocumentsRepository } from '../../documents.repository.js';

/** POST document/{id}/assign-location: a pending document (the caller's account's) to a location they may write to. */
@Injectable()
@UseCase(AssignDocumentLocation)
export class AssignDocumentLocationHandler implements UseCaseHandler<typeof AssignDocumentLocation> {
  constructor(
    private readonly documentAccess: DocumentAccess,
    private readonly access: LocationAccess,
    private readonly documents: DocumentsRepository,
    private readonly relocation: DocumentRelocation,
  ) {}

  async handle(request: RequestOf<typeof AssignDocumentLocation>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof AssignDocumentLocation>> {
    const row = await this.documentAccess.require(em, caller, request.id, 'document:write');
    if (row.location_id !== null) throw RpcFailure.conflict(DOCUMENT_NOT_PENDING);
    const target = await this.access.require(em, caller, request.property_location_id, 'document:write');
    if (!(await this.relocation.relocate(em, row, target, new Date()))) throw RpcFailure.conflict(DUPLICATE_IN_TARGET);
    return { message: DOCUMENT_LOCATION_ASSIGNED, document: await this.documents.view(em, row.id) };
  }
}
