import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentRow } from './document-view.js';
import { DocumentsRepository } from './documents.repository.js';
import { table } from './vault-tables.js';

/**
 * Moves documents to another property location (a move between properties, a pending document given its location).
 * The building, unit and tenant, and their tags, belong to the old location, so they are cleared; the folder too
 * unless the move names one of the new location. A location keeps one copy of a file: a document whose bytes the
 * target already has is not moved (`false`). Each move is recorded with DocumentStatusChanged (its status unchanged),
 * so lists of both locations follow it live.
 */
@Injectable()
export class DocumentRelocation {
  constructor(private readonly documents: DocumentsRepository) {}

  async relocate(em: EntityManager, row: DocumentRow, target: { locationId: string; accountId: string; folderId?: string | null }, now: Date): Promise<boolean> {
    const t = table(em, 'document');
    // The check below and the per-location unique index agree; a concurrent upload of the same bytes to the target
    // that commits between them trips the index instead, inside a savepoint, and counts as "already there".
    const update = (tx: EntityManager) => tx.execute<{ id: string }[]>(
      `update ${t} d set location_id = ?, account_id = ?, folder_id = ?, building_id = null, unit_id = null, tenant_id = null, updated_at = ?
        where d.id = ? and not exists (select 1 from ${t} o where o.location_id = ? and o.sha256 = d.sha256 and o.deleted_at is null and o.id <> d.id)
        returning d.id`,
      [target.locationId, target.accountId, target.folderId ?? null, now, row.id, target.locationId],
    );
    let moved: { id: string }[];
    try {
      moved = await em.transactional((tx) => update(tx as EntityManager));
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
    if (moved.length === 0) return false;
    await em.execute(`delete from ${table(em, 'document_tag')} where document_id = ? and kind in ('building', 'unit', 'tenant')`, [row.id]);
    await this.documents.setStatus(em, row.id, { status: row.status, progress: row.progress, now });
    return true;
  }
}
