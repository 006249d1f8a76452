import { Injectable } from '@nestjs/common';
import { isUuid, LocationAccess } from '@pm/access';
import { DOCUMENT_NOT_FOUND, MoveDocumentsBetweenProperties, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentRelocation } from '../../document-relocation.js';
import type { DocumentRow } from '../../document-view.js';
import { DocumentsRepository } from '../../documents.repository.js';

/**
 * POST document/move-between-properties (`document:write` on source and target). Every document is checked before
 * any moves; one that is not of the source location answers 404 and nothing moves.
 */
@Injectable()
@UseCase(MoveDocumentsBetweenProperties)
export class MoveDocumentsBetweenPropertiesHandler implements UseCaseHandler<typeof MoveDocumentsBetweenProperties> {
  constructor(
    private readonly access: LocationAccess,
    private readonly documents: DocumentsRepository,
    private readonly relocation: DocumentRelocation,
  ) {}

  async handle(request: RequestOf<typeof MoveDocumentsBetweenProperties>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof MoveDocumentsBetweenProperties>> {
    const source = await this.access.require(em, caller, request.source_property_location_id, 'document:write');
    const target = await this.access.require(em, caller, request.target_property_location_id, 'document:write');
    const rows: DocumentRow[] = [];
    for (const id of request.document_ids) {
      const row = isUuid(id) ? await this.documents.find(em, id) : null;
      if (!row || row.status === 'DELETED' || row.location_id !== source.locationId) throw RpcFailure.notFound(DOCUMENT_NOT_FOUND);
      rows.push(row);
    }
    const now = new Date();
    let moved = 0;
    for (const row of rows) if (await this.relocation.relocate(em, row, target, now)) moved++;
    // Calendar events created from documents follow them once the calendar context exists.
    return { moved_documents_count: moved, skipped_duplicates_count: rows.length - moved, updated_calendar_events_count: 0 };
  }
}
