import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '@pm/access';
import type { StagedFile } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { table } from '../documents/vault-tables.js';
import type { DriveFile } from './cloud-drive.js';

export interface StagedFileRow {
  id: string;
  account_id: string;
  provider: 'local' | 'google_drive';
  external_id: string;
  original_name: string;
  mime_type: string;
  file_size: string | number;
  folder_path: string;
  web_view_link: string | null;
  created_at: Date | string;
  assigned_document_id: string | null;
}

const COLUMNS = 'id, account_id, provider, external_id, original_name, mime_type, file_size, folder_path, web_view_link, created_at, assigned_document_id';

/** The staged-file list: the drive's files as last read, each keeping its id until it is assigned. */
@Injectable()
export class StagedFilesRepository {
  /**
   * Brings the account's list in line with the drive: new files get a row (an id the browser keeps), changed ones
   * are updated, unassigned rows of files no longer on the drive are dropped. Assigned rows stay (they say where a
   * file went).
   */
  async sync(em: EntityManager, accountId: string, provider: StagedFileRow['provider'], files: readonly DriveFile[], now: Date): Promise<void> {
    for (const file of files) {
      await em.execute(
        `insert into ${table(em, 'staged_file')} (id, account_id, provider, external_id, original_name, mime_type, file_size, folder_path, web_view_link, created_at, assigned_document_id)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null)
         on conflict (account_id, provider, external_id) do update
           set original_name = excluded.original_name, mime_type = excluded.mime_type, file_size = excluded.file_size,
               folder_path = excluded.folder_path, web_view_link = excluded.web_view_link`,
        [uuidv7(), accountId, provider, file.externalId, file.name, file.mimeType, file.size, file.folderPath, file.webViewLink, file.createdAt ?? now],
      );
    }
    const present = files.map((file) => file.externalId);
    await em.execute(
      `delete from ${table(em, 'staged_file')} where account_id = ? and provider = ? and assigned_document_id is null and not (external_id = any(?::text[]))`,
      [accountId, provider, `{${present.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`],
    );
  }

  async unassigned(em: EntityManager, accountId: string, provider: StagedFileRow['provider'], folderPath?: string): Promise<StagedFileRow[]> {
    return em.execute<StagedFileRow[]>(
      `select ${COLUMNS} from ${table(em, 'staged_file')}
        where account_id = ? and provider = ? and assigned_document_id is null ${folderPath !== undefined ? 'and folder_path = ?' : ''}
        order by folder_path, original_name, id`,
      [accountId, provider, ...(folderPath !== undefined ? [folderPath] : [])],
    );
  }

  /** The account's staged file, locked for the assignment (two clicks assign it once). */
  async findForUpdate(em: EntityManager, accountId: string, provider: StagedFileRow['provider'], id: string): Promise<StagedFileRow | null> {
    // Ids are uuids: anything else names no staged file (and must not reach the uuid column).
    if (!isUuid(id)) return null;
    const rows = await em.execute<StagedFileRow[]>(
      `select ${COLUMNS} from ${table(em, 'staged_file')} where id = ? and account_id = ? and provider = ? for update`,
      [id, accountId, provider],
    );
    return rows[0] ?? null;
  }

  async markAssigned(em: EntityManager, id: string, documentId: string): Promise<void> {
    await em.execute(`update ${table(em, 'staged_file')} set assigned_document_id = ? where id = ?`, [documentId, id]);
  }
}

export function stagedFileView(row: StagedFileRow): StagedFile {
  return {
    id: row.id,
    original_name: row.original_name,
    mime_type: row.mime_type,
    file_size: Number(row.file_size),
    created_at: new Date(row.created_at).toISOString(),
    folder_structure: { folder_path: row.folder_path },
    metadata: { web_view_link: row.web_view_link },
  };
}
