import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessCaller } from '@pm/access';
import { FOLDER_OTHER_LOCATION, SYSTEM_FOLDER_READ_ONLY } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { DocumentAccess } from '../documents/document-access.js';
import type { DocumentRow } from '../documents/document-view.js';
import { pgArray, table } from '../documents/vault-tables.js';
import { FolderAccess } from './folder-access.js';

/**
 * Files documents into a folder of their location, or at its top level (null). Every document is checked before any
 * moves, so a refused one leaves all where they were. A system folder takes no documents by hand: only the product
 * files into it (e-mail attachments).
 */
@Injectable()
export class DocumentFiling {
  constructor(
    private readonly documentAccess: DocumentAccess,
    private readonly folderAccess: FolderAccess,
  ) {}

  async file(em: EntityManager, caller: AccessCaller, documentIds: readonly string[], folderId: string | null): Promise<DocumentRow[]> {
    const folder = folderId === null ? null : await this.folderAccess.require(em, caller, folderId, 'document:write');
    if (folder?.system_kind) throw RpcFailure.conflict(SYSTEM_FOLDER_READ_ONLY);
    const rows: DocumentRow[] = [];
    for (const id of documentIds) {
      const row = await this.documentAccess.require(em, caller, id, 'document:write');
      if (folder && row.location_id !== folder.location_id) throw RpcFailure.badRequest(FOLDER_OTHER_LOCATION);
      rows.push(row);
    }
    await em.execute(`update ${table(em, 'document')} set folder_id = ?, updated_at = now() where id = any(?::uuid[])`, [folder?.id ?? null, pgArray(rows.map((row) => row.id))]);
    return rows;
  }
}
