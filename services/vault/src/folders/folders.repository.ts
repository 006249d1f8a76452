import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '@pm/access';
import { EMAIL_ATTACHMENTS_FOLDER, safeFileName, vaultLimits, type FolderView } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { pgArray, table } from '../documents/vault-tables.js';

export type SystemFolderKind = 'email_attachments';

export interface FolderRow {
  id: string;
  account_id: string;
  location_id: string;
  parent_folder_id: string | null;
  name: string;
  description: string | null;
  system_kind: SystemFolderKind | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The product's system folders: the name each is created with, once per location. */
const SYSTEM_FOLDER_NAMES: Record<SystemFolderKind, string> = { email_attachments: EMAIL_ATTACHMENTS_FOLDER };

const FOLDER_COLUMNS = 'f.id, f.account_id, f.location_id, f.parent_folder_id, f.name, f.description, f.system_kind, f.created_at, f.updated_at';
const iso = (value: Date | string): string => new Date(value).toISOString();

/** The vault's folders: a tree per location; system folders (`system_kind`) are the product's, read-only. */
@Injectable()
export class FoldersRepository {
  async find(em: EntityManager, id: string): Promise<FolderRow | null> {
    if (!isUuid(id)) return null;
    const rows = await em.execute<FolderRow[]>(`select ${FOLDER_COLUMNS} from ${table(em, 'folder')} f where f.id = ?`, [id]);
    return rows[0] ?? null;
  }

  /**
   * A new folder, or null when a sibling already has the name (case-insensitive, the unique index decides; `on
   * conflict do nothing` leaves the caller's transaction usable after a lost race).
   */
  async create(
    em: EntityManager,
    folder: { accountId: string; locationId: string; parentFolderId: string | null; name: string; description: string | null; createdBy: string | null; now: Date },
  ): Promise<FolderRow | null> {
    const id = uuidv7();
    const inserted = await em.execute<{ id: string }[]>(
      `insert into ${table(em, 'folder')} (id, account_id, location_id, parent_folder_id, name, description, created_by, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
      [id, folder.accountId, folder.locationId, folder.parentFolderId, folder.name, folder.description, folder.createdBy, folder.now, folder.now],
    );
    return inserted.length > 0 ? this.find(em, id) : null;
  }

  /**
   * The location's system folder of that kind, created the first time it is asked for. Concurrent first calls settle
   * on one row (the unique index on location and kind); a person's folder already named like it is left alone, the
   * system folder then taking the name with a suffix.
   */
  async ensureSystemFolder(em: EntityManager, location: { locationId: string; accountId: string }, kind: SystemFolderKind): Promise<FolderRow> {
    const existing = await em.execute<FolderRow[]>(`select ${FOLDER_COLUMNS} from ${table(em, 'folder')} f where f.location_id = ? and f.system_kind = ?`, [location.locationId, kind]);
    if (existing[0]) return existing[0];
    const now = new Date();
    for (let attempt = 0; attempt < 5; attempt++) {
      const name = attempt === 0 ? SYSTEM_FOLDER_NAMES[kind] : `${SYSTEM_FOLDER_NAMES[kind]} (${attempt + 1})`;
      await em.execute(
        `insert into ${table(em, 'folder')} (id, account_id, location_id, parent_folder_id, name, description, system_kind, created_by, created_at, updated_at)
         values (?, ?, ?, null, ?, null, ?, null, ?, ?) on conflict do nothing`,
        [uuidv7(), location.accountId, location.locationId, name, kind, now, now],
      );
      const rows = await em.execute<FolderRow[]>(`select ${FOLDER_COLUMNS} from ${table(em, 'folder')} f where f.location_id = ? and f.system_kind = ?`, [location.locationId, kind]);
      if (rows[0]) return rows[0];
    }
    throw new Error(`could not create the ${kind} folder of location ${location.locationId}`);
  }

  /**
   * The location's folders for a path of names (a drive's `Leases/2026` → Leases › 2026), made where missing; answers
   * the deepest one's id (null for an empty path). Names are cleaned as file names are; deeper paths than the vault
   * allows stop at the deepest allowed folder. Concurrent imports meet on the sibling-name index.
   */
  async ensurePath(em: EntityManager, location: { locationId: string; accountId: string }, folderPath: string, createdBy: string, now: Date): Promise<string | null> {
    const names = folderPath
      .split('/')
      .map((segment) => safeFileName(segment.trim(), '', vaultLimits.folderName))
      .filter((name) => name.length > 0)
      .slice(0, vaultLimits.folderDepth);
    let parentId: string | null = null;
    for (const name of names) {
      // Siblings' names are unique whatever their case (folder_sibling_name_unique): a concurrent import meets there.
      await em.execute(
        `insert into ${table(em, 'folder')} (id, account_id, location_id, parent_folder_id, name, description, system_kind, created_by, created_at, updated_at)
         values (?, ?, ?, ?, ?, null, null, ?, ?, ?) on conflict do nothing`,
        [uuidv7(), location.accountId, location.locationId, parentId, name, createdBy, now, now],
      );
      const rows: { id: string }[] = await em.execute<{ id: string }[]>(
        `select id from ${table(em, 'folder')} where location_id = ? and parent_folder_id is not distinct from ? and lower(name) = lower(?)`,
        [location.locationId, parentId, name],
      );
      const found = rows[0];
      if (!found) throw new Error(`folder "${name}" missing right after it was made`);
      parentId = found.id;
    }
    return parentId;
  }

  /** The folder's ancestors and itself, from the location's top level down. */
  async path(em: EntityManager, id: string): Promise<FolderRow[]> {
    const rows = await em.execute<(FolderRow & { depth: number })[]>(
      `with recursive up as (
         select ${FOLDER_COLUMNS}, 0 as depth from ${table(em, 'folder')} f where f.id = ?
         union all
         select ${FOLDER_COLUMNS}, up.depth + 1 from ${table(em, 'folder')} f join up on f.id = up.parent_folder_id where up.depth < 100
       ) select * from up order by depth desc`,
      [id],
    );
    return rows;
  }

  /** The folder and every folder below it (ids). */
  async subtree(em: EntityManager, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await em.execute<{ id: string }[]>(
      `with recursive down as (
         select id from ${table(em, 'folder')} where id = any(?::uuid[])
         union
         select f.id from ${table(em, 'folder')} f join down on f.parent_folder_id = down.id
       ) select id from down`,
      [pgArray(ids)],
    );
    return rows.map((row) => row.id);
  }

  /** Folders directly under a folder, or at the location's top level (null), by name. */
  async children(em: EntityManager, locationId: string, parentFolderId: string | null): Promise<FolderRow[]> {
    return em.execute<FolderRow[]>(
      `select ${FOLDER_COLUMNS} from ${table(em, 'folder')} f
        where f.location_id = ? and ${parentFolderId === null ? 'f.parent_folder_id is null' : 'f.parent_folder_id = ?'}
        order by lower(f.name), f.id`,
      parentFolderId === null ? [locationId] : [locationId, parentFolderId],
    );
  }

  /** Whether the folder holds any document (not deleted) or folder. */
  async isEmpty(em: EntityManager, id: string): Promise<boolean> {
    const rows = await em.execute(
      `select 1 from ${table(em, 'folder')} where parent_folder_id = ?
       union all
       select 1 from ${table(em, 'document')} where folder_id = ? and deleted_at is null and status <> 'DELETED' limit 1`,
      [id, id],
    );
    return rows.length === 0;
  }

  async delete(em: EntityManager, id: string): Promise<void> {
    // Deleted documents keep no folder: their rows stay (with their history) outside the tree.
    await em.execute(`update ${table(em, 'document')} set folder_id = null where folder_id = ?`, [id]);
    await em.execute(`delete from ${table(em, 'folder')} where id = ?`, [id]);
  }

  /** The web's views of folders, with their direct and total (whole subtree) document counts. */
  async views(em: EntityManager, rows: readonly FolderRow[]): Promise<FolderView[]> {
    if (rows.length === 0) return [];
    const counts = await em.execute<{ id: string; direct: string; total: string }[]>(
      `with recursive tree as (
         select id as root, id from ${table(em, 'folder')} where id = any(?::uuid[])
         union all
         select tree.root, f.id from ${table(em, 'folder')} f join tree on f.parent_folder_id = tree.id
       )
       select tree.root as id,
              count(d.id) filter (where d.folder_id = tree.root) as direct,
              count(d.id) as total
         from tree left join ${table(em, 'document')} d on d.folder_id = tree.id and d.deleted_at is null and d.status <> 'DELETED'
        group by tree.root`,
      [pgArray(rows.map((row) => row.id))],
    );
    const byId = new Map(counts.map((count) => [count.id, count]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      is_system_folder: row.system_kind !== null,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      document_count: Number(byId.get(row.id)?.direct ?? 0),
      total_document_count: Number(byId.get(row.id)?.total ?? 0),
      parent_folder_id: row.parent_folder_id,
      property_location_id: row.location_id,
    }));
  }
}
