import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '@pm/access';
import { table } from '../documents/vault-tables.js';

export interface FolderRow {
  id: string;
  account_id: string;
  location_id: string;
  parent_folder_id: string | null;
  name: string;
  description: string | null;
  system_kind: 'email_attachments' | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The vault's folders: a tree per location; system folders (`system_kind`) are the product's, read-only. */
@Injectable()
export class FoldersRepository {
  async find(em: EntityManager, id: string): Promise<FolderRow | null> {
    if (!isUuid(id)) return null;
    const rows = await em.execute<FolderRow[]>(
      `select id, account_id, location_id, parent_folder_id, name, description, system_kind, created_at, updated_at from ${table(em, 'folder')} where id = ?`,
      [id],
    );
    return rows[0] ?? null;
  }
}
