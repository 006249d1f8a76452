import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EMAIL_ATTACHMENTS_FOLDER } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { table } from '../documents/vault-tables.js';

/**
 * The location's "E-mail attachments" system folder, made the first time an attachment arrives. The smallest
 * insert-if-missing the intake needs; the folders feature's `ensureSystemFolder` replaces it once it is merged.
 */
@Injectable()
export class EmailAttachmentsFolder {
  async ensure(em: EntityManager, location: { locationId: string; accountId: string }, now: Date): Promise<string> {
    // Concurrent first attachments meet on the (location, system_kind) unique index: one insert wins, both read it.
    await em.execute(
      `insert into ${table(em, 'folder')} (id, account_id, location_id, parent_folder_id, name, description, system_kind, created_by, created_at, updated_at)
       values (?, ?, ?, null, ?, ?, 'email_attachments', null, ?, ?) on conflict do nothing`,
      [uuidv7(), location.accountId, location.locationId, EMAIL_ATTACHMENTS_FOLDER, 'Files that arrived attached to e-mails sent to this property’s address.', now, now],
    );
    const rows = await em.execute<{ id: string }[]>(
      `select id from ${table(em, 'folder')} where location_id = ? and system_kind = 'email_attachments'
       union all
       select id from ${table(em, 'folder')} where location_id = ? and parent_folder_id is null and lower(name) = lower(?)
       limit 1`,
      [location.locationId, location.locationId, EMAIL_ATTACHMENTS_FOLDER],
    );
    // A manager's own root folder already named "E-mail attachments" blocks the system folder's name: it receives them.
    const found = rows[0];
    if (!found) throw new Error(`no "${EMAIL_ATTACHMENTS_FOLDER}" folder in location ${location.locationId} after inserting it`);
    return found.id;
  }
}
