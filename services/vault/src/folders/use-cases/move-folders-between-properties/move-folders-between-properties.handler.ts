import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import {
  FOLDER_NAME_TAKEN_IN_TARGET,
  FOLDER_NOT_FOUND,
  MoveFoldersBetweenProperties,
  SYSTEM_FOLDER_NOT_MOVABLE,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentRelocation } from '../../../documents/document-relocation.js';
import { DOCUMENT_COLUMNS, type DocumentRow } from '../../../documents/document-view.js';
import { pgArray, table } from '../../../documents/vault-tables.js';
import { FoldersRepository, type FolderRow } from '../../folders.repository.js';

/**
 * POST document/move-folders-between-properties (`document:write` on source and target): each folder with its
 * subtree, to the target's top level. Every folder is checked before anything moves. A document whose bytes the
 * target already has stays in the source at its top level (its folder leaves), counted as skipped.
 */
@Injectable()
@UseCase(MoveFoldersBetweenProperties)
export class MoveFoldersBetweenPropertiesHandler implements UseCaseHandler<typeof MoveFoldersBetweenProperties> {
  constructor(
    private readonly access: LocationAccess,
    private readonly folders: FoldersRepository,
    private readonly relocation: DocumentRelocation,
  ) {}

  async handle(request: RequestOf<typeof MoveFoldersBetweenProperties>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof MoveFoldersBetweenProperties>> {
    const source = await this.access.require(em, caller, request.source_property_location_id, 'document:write');
    const target = await this.access.require(em, caller, request.target_property_location_id, 'document:write');
    const chosen: FolderRow[] = [];
    for (const id of request.folder_ids) {
      const folder = await this.folders.find(em, id);
      if (!folder || folder.location_id !== source.locationId) throw RpcFailure.notFound(FOLDER_NOT_FOUND);
      if (folder.system_kind) throw RpcFailure.conflict(SYSTEM_FOLDER_NOT_MOVABLE);
      chosen.push(folder);
    }
    // A folder chosen together with one of its ancestors moves with that ancestor's subtree, not on its own.
    const inSubtreeOfAnother = new Set<string>();
    for (const folder of chosen) {
      const below = await this.folders.subtree(em, [folder.id]);
      for (const id of below) if (id !== folder.id) inSubtreeOfAnother.add(id);
    }
    const tops = chosen.filter((folder) => !inSubtreeOfAnother.has(folder.id));
    const names = new Set<string>();
    for (const folder of tops) {
      const key = folder.name.toLowerCase();
      const taken = await em.execute(`select 1 from ${table(em, 'folder')} where location_id = ? and parent_folder_id is null and lower(name) = ?`, [target.locationId, key]);
      if (taken.length > 0 || names.has(key)) throw RpcFailure.conflict(FOLDER_NAME_TAKEN_IN_TARGET);
      names.add(key);
    }
    const all = await this.folders.subtree(em, tops.map((folder) => folder.id));
    const now = new Date();
    const documents = await em.execute<DocumentRow[]>(
      `select ${DOCUMENT_COLUMNS} from ${table(em, 'document')} d where d.folder_id = any(?::uuid[]) and d.deleted_at is null and d.status <> 'DELETED'`,
      [pgArray(all)],
    );
    await em.execute(`update ${table(em, 'folder')} set parent_folder_id = null, updated_at = ? where id = any(?::uuid[])`, [now, pgArray(tops.map((folder) => folder.id))]);
    await em.execute(`update ${table(em, 'folder')} set location_id = ?, account_id = ?, updated_at = ? where id = any(?::uuid[])`, [target.locationId, target.accountId, now, pgArray(all)]);
    let moved = 0;
    for (const document of documents) {
      if (await this.relocation.relocate(em, document, { ...target, folderId: document.folder_id }, now)) moved++;
      else await em.execute(`update ${table(em, 'document')} set folder_id = null, updated_at = ? where id = ?`, [now, document.id]);
    }
    return { moved_folders_count: all.length, moved_documents_count: moved, skipped_duplicates_count: documents.length - moved, updated_calendar_events_count: 0 };
  }
}
