import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { safeFileName, vaultLimits } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { table } from '../documents/vault-tables.js';

/**
 * The location's folders for a drive path (`Leases/2026` → Leases › 2026), made where missing. The smallest version
 * the import needs; the folders feature's own create-folder rules (engineer C) may replace it once merged. Deeper
 * paths than the vault allows are kept at the deepest allowed folder.
 */
@Injectable()
export class StagedFolders {
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
}
