import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, LocationAccess, type AccessCaller } from '@pm/access';
import { DOCUMENT_NOT_FOUND, type Permission } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import type { DocumentRow } from './document-view.js';
import { DocumentsRepository } from './documents.repository.js';

/**
 * A document by id, decided by the shared rule on its location: unknown, deleted or out of reach 404, a role without
 * the permission 403. A document waiting for a location (Pending Location Assignment) is its account's alone.
 */
@Injectable()
export class DocumentAccess {
  constructor(
    private readonly access: LocationAccess,
    private readonly documents: DocumentsRepository,
  ) {}

  async require(em: EntityManager, caller: AccessCaller, documentId: string, permission: Permission): Promise<DocumentRow> {
    const row = isUuid(documentId) ? await this.documents.find(em, documentId) : null;
    if (!row || row.status === 'DELETED') throw RpcFailure.notFound(DOCUMENT_NOT_FOUND);
    if (row.location_id === null) {
      if (row.account_id !== caller.accountId) throw RpcFailure.notFound(DOCUMENT_NOT_FOUND);
      return row;
    }
    await this.access.require(em, caller, row.location_id, permission, DOCUMENT_NOT_FOUND);
    return row;
  }
}
