import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DocumentStatusChanged,
  DocumentUploaded,
  NO_TAGS,
  safeFileName,
  vaultLimits,
  type DocumentSource,
  type DocumentStatus,
  type DocumentTags,
  type DocumentView,
  type StoredDocumentFile,
} from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { DOCUMENT_COLUMNS, documentView, type DocumentRow } from './document-view.js';
import { pgArray, table } from './vault-tables.js';
import { StorageLimit } from '../plans/storage-limit.js';

/** What a new document is filed with, besides its file. */
export interface NewDocument {
  accountId: string;
  /** Null: the document waits in Pending Location Assignment. */
  locationId: string | null;
  file: StoredDocumentFile;
  source: DocumentSource;
  dataType: DocumentView['metadata']['data_type'];
  folderId: string | null;
  /** A category a person chose (the AI keeps it). */
  categoryId: number | null;
  buildingId: string | null;
  unitId: string | null;
  tenantId: string | null;
  contactId?: string | null;
  messageId?: string | null;
  attachmentId?: string | null;
  tags: DocumentTags;
  createdBy: string | null;
  now: Date;
}

const TAG_KINDS = [
  ['property_location_ids', 'property_location'],
  ['building_ids', 'building'],
  ['unit_ids', 'unit'],
  ['tenant_ids', 'tenant'],
  ['property_manager_ids', 'property_manager'],
] as const;

/**
 * The vault's documents. Every change of a document's status is recorded with `DocumentStatusChanged` in the same
 * transaction (the status stream and other contexts follow it); a new document also records `DocumentUploaded`, which
 * starts its processing.
 */
@Injectable()
export class DocumentsRepository {
  constructor(private readonly storage: StorageLimit) {}

  /**
   * Files a stored file as a document. The same bytes already filed in the location (or among the account's pending
   * documents) are not filed again: answers that document's id with `duplicate: true`.
   */
  async register(em: EntityManager, doc: NewDocument): Promise<{ id: string; duplicate: boolean }> {
    const id = uuidv7();
    const name = safeFileName(doc.file.file_name, 'Untitled document', vaultLimits.documentName);
    const inserted = await em.execute<{ id: string }[]>(
      `insert into ${table(em, 'document')} (id, account_id, location_id, folder_id, building_id, unit_id, tenant_id, contact_id,
          original_name, mime_type, size, sha256, storage_key, status, progress, category_id, category_chosen, data_type, source,
          message_id, attachment_id, created_by, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PROCESSING', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict do nothing returning id`,
      [
        id, doc.accountId, doc.locationId, doc.folderId, doc.buildingId, doc.unitId, doc.tenantId, doc.contactId ?? null,
        name, doc.file.content_type, doc.file.size, doc.file.sha256, doc.file.key, doc.categoryId, doc.categoryId !== null, doc.dataType, doc.source,
        doc.messageId ?? null, doc.attachmentId ?? null, doc.createdBy, doc.now, doc.now,
      ],
    );
    if (inserted.length === 0) {
      const existing = await em.execute<{ id: string }[]>(
        doc.attachmentId
          ? `select id from ${table(em, 'document')} where message_id = ? and attachment_id = ?`
          : doc.locationId
            ? `select id from ${table(em, 'document')} where location_id = ? and sha256 = ? and deleted_at is null`
            : `select id from ${table(em, 'document')} where account_id = ? and location_id is null and sha256 = ? and deleted_at is null`,
        doc.attachmentId ? [doc.messageId, doc.attachmentId] : [doc.locationId ?? doc.accountId, doc.file.sha256],
      );
      const found = existing[0];
      if (!found) throw new Error('a document conflicted on insert but none is there');
      return { id: found.id, duplicate: true };
    }
    // The plan's storage, counted with this document (a duplicate above took none): past it, the call is refused and
    // the transaction takes the row back. An e-mailed attachment is always kept: inbound e-mail is on every plan, and
    // a mail cannot be asked to try again later.
    if (doc.source !== 'email') await this.storage.requireRoom(em, doc.accountId, 0);
    await this.replaceTags(em, id, doc.tags);
    recordEvent(em, DocumentUploaded, {
      documentId: id,
      locationId: doc.locationId,
      accountId: doc.accountId,
      storageKey: doc.file.key,
      contentType: doc.file.content_type,
      size: doc.file.size,
      sha256: doc.file.sha256,
      fileName: name,
      source: doc.source,
      chosenCategoryId: doc.categoryId,
      attempt: 1,
      uploadedAt: doc.now.toISOString(),
    });
    recordEvent(em, DocumentStatusChanged, {
      documentId: id,
      locationId: doc.locationId,
      accountId: doc.accountId,
      status: 'PROCESSING',
      progress: 0,
      categoryId: doc.categoryId,
      changedAt: doc.now.toISOString(),
    });
    return { id, duplicate: false };
  }

  /** The document's row (deleted ones included: their status says so), or null. */
  async find(em: EntityManager, id: string): Promise<DocumentRow | null> {
    const rows = await em.execute<DocumentRow[]>(`select ${DOCUMENT_COLUMNS} from ${table(em, 'document')} d where d.id = ?`, [id]);
    return rows[0] ?? null;
  }

  async tagsOf(em: EntityManager, ids: readonly string[]): Promise<Map<string, DocumentTags>> {
    const tags = new Map<string, DocumentTags>();
    if (ids.length === 0) return tags;
    const rows = await em.execute<{ document_id: string; kind: string; target_id: string }[]>(
      `select document_id, kind, target_id from ${table(em, 'document_tag')} where document_id = any(?::uuid[]) order by kind, target_id`,
      [pgArray(ids)],
    );
    for (const row of rows) {
      const set = tags.get(row.document_id) ?? structuredClone(NO_TAGS);
      const field = TAG_KINDS.find(([, kind]) => kind === row.kind)?.[0];
      if (field) set[field].push(row.target_id);
      tags.set(row.document_id, set);
    }
    return tags;
  }

  /** Replaces a document's tags (ids de-duplicated, as the spec asks of the browser too). */
  async replaceTags(em: EntityManager, documentId: string, tags: DocumentTags): Promise<void> {
    await em.execute(`delete from ${table(em, 'document_tag')} where document_id = ?`, [documentId]);
    const rows = TAG_KINDS.flatMap(([field, kind]) => [...new Set(tags[field])].map((target) => [documentId, kind, target] as const));
    if (rows.length === 0) return;
    await em.execute(
      `insert into ${table(em, 'document_tag')} (document_id, kind, target_id) values ${rows.map(() => '(?, ?, ?)').join(', ')} on conflict do nothing`,
      rows.flat(),
    );
  }

  async view(em: EntityManager, id: string): Promise<DocumentView> {
    const row = await this.find(em, id);
    if (!row) throw new Error(`document ${id} vanished`);
    return documentView(row, (await this.tagsOf(em, [id])).get(id));
  }

  async views(em: EntityManager, rows: readonly DocumentRow[]): Promise<DocumentView[]> {
    const tags = await this.tagsOf(em, rows.map((row) => row.id));
    return rows.map((row) => documentView(row, tags.get(row.id)));
  }

  /**
   * Moves a document to a status (and progress), recording `DocumentStatusChanged` in the same transaction. Answers
   * false when the row was not in one of `from` (someone else moved it on: a delete, a newer attempt).
   */
  async setStatus(
    em: EntityManager,
    id: string,
    change: { status: DocumentStatus; progress: number; from?: readonly DocumentStatus[]; failureReason?: string | null; now: Date },
  ): Promise<boolean> {
    const rows = await em.execute<{ location_id: string | null; account_id: string; category_id: number | null }[]>(
      `update ${table(em, 'document')} set status = ?, progress = ?, updated_at = ?,
              failure_reason = case when ? then ? else failure_reason end,
              processed_at = case when ? in ('PROCESSED', 'FAILED') then ? else processed_at end
        where id = ? ${change.from ? 'and status = any(?::text[])' : ''}
        returning location_id, account_id, category_id`,
      [
        change.status, change.progress, change.now,
        change.failureReason !== undefined, change.failureReason ?? null,
        change.status, change.now,
        id, ...(change.from ? [pgArray(change.from)] : []),
      ],
    );
    const row = rows[0];
    if (!row) return false;
    recordEvent(em, DocumentStatusChanged, {
      documentId: id,
      locationId: row.location_id,
      accountId: row.account_id,
      status: change.status,
      progress: change.progress,
      categoryId: row.category_id,
      changedAt: change.now.toISOString(),
    });
    return true;
  }

  /** Whether any document (a deleted one's row included, until its file is removed) still refers to a stored file. */
  async isReferenced(em: EntityManager, storageKey: string): Promise<boolean> {
    const rows = await em.execute(`select 1 from ${table(em, 'document')} where (storage_key = ? or preview_key = ?) and status <> 'DELETED' limit 1`, [storageKey, storageKey]);
    return rows.length > 0;
  }
}
