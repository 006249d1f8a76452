import { jest } from '@jest/globals';
import {
  ALREADY_IN_THIS_PROPERTY,
  AssignDocumentLocation,
  CreateFolder,
  DeleteDocument,
  DOCUMENT_CATEGORY_UPDATED,
  DOCUMENT_DELETED,
  DOCUMENT_LOCATION_ASSIGNED,
  DOCUMENT_NOT_FOUND,
  DOCUMENT_NOT_PENDING,
  DOCUMENT_RENAMED,
  DocumentStatusChanged,
  DUPLICATE_IN_TARGET,
  FOLDER_NAME_TAKEN_IN_TARGET,
  GetDocument,
  GetFolderContents,
  ListVaultDocuments,
  MoveDocumentsBetweenProperties,
  MoveFoldersBetweenProperties,
  RegisterUploadedDocument,
  RenameDocument,
  SOURCE_LOCATION_REQUIRED,
  SYSTEM_FOLDER_NOT_MOVABLE,
  UpdateDocumentCategory,
} from '@pm/contracts';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { waitFor } from '@pm/testing';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { FoldersRepository } from '../src/folders/folders.repository.js';
import { VaultHarness, type TestCaller, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(180_000);

/**
 * Managing documents on real PostgreSQL, MinIO and NATS: rename, recategorise (a person's choice, recorded for other
 * contexts), delete (DELETING → DELETED, the object removed only when nothing else refers to it), moves of documents
 * and folders between property locations (one copy of a file per location), and giving a pending document a location.
 */
let harness: VaultHarness;
let world: VaultWorld;
let second: VaultWorld;
let n = 0;
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text} ${Date.now()} ${++n}\n%%EOF\n`);

async function upload(as: TestCaller, locationIds: string[], name: string, bytes = pdf(name), folderId?: string): Promise<{ id: string; key: string }> {
  const file = await harness.storeFile(bytes, name);
  const { documents } = await harness.call(RegisterUploadedDocument, { file, location_ids: locationIds, folder_id: folderId ?? null }, as);
  return { id: documents[0]!.document.id, key: file.key };
}

async function statusEvents(documentId: string): Promise<{ status: string; locationId: string | null; categoryId: number | null }[]> {
  const rows = await harness.db.query<{ data: { status: string; locationId: string | null; categoryId: number | null } }>(
    `select envelope->'data' as data from ${harness.table('outbox')} where subject = $1 and envelope->'data'->>'documentId' = $2 order by id`,
    [DocumentStatusChanged.subject, documentId],
  );
  return rows.rows.map((row) => ({ status: row.data.status, locationId: row.data.locationId, categoryId: row.data.categoryId }));
}

beforeAll(async () => {
  harness = await VaultHarness.start();
  world = await harness.world();
  // A second location of the same account (the owner reaches both), for the moves.
  second = await harness.world({ owner: world.owner, name: '40 Oak Avenue' });
});
afterAll(async () => harness?.close());

describe('rename', () => {
  it('renames a document, sanitising the name as an upload\'s, and answers the spec message', async () => {
    const { id } = await upload(world.owner, [world.locationId], 'scan.pdf');
    const renamed = await harness.call(RenameDocument, { id, name: '  Leases/2B signed.pdf ' }, world.partners.MEMBER);
    expect(renamed.message).toBe(DOCUMENT_RENAMED);
    expect(renamed.document.original_name).toBe('Leases_2B signed.pdf');
    expect(await harness.row(`select original_name from ${harness.table('document')} where id = $1`, [id])).toEqual({ original_name: 'Leases_2B signed.pdf' });
    expect((await harness.failure(harness.call(RenameDocument, { id, name: 'Lease\u0007.pdf' }, world.owner))).status).toBe(400);
    expect((await harness.failure(harness.call(RenameDocument, { id, name: '   ' }, world.owner))).status).toBe(400);
    expect(await harness.outcome(harness.call(RenameDocument, { id, name: 'x.pdf' }, world.partners.VIEWER))).toBe(403);
    expect(await harness.failure(harness.call(RenameDocument, { id, name: 'x.pdf' }, await harness.caller()))).toEqual({ status: 404, message: DOCUMENT_NOT_FOUND });
  });
});

describe('category', () => {
  it('sets a person\'s category, which the pipeline keeps, and records it for other contexts with the status unchanged', async () => {
    const { id } = await upload(world.owner, [world.locationId], 'lease.pdf');
    const updated = await harness.call(UpdateDocumentCategory, { id, category: 2 }, world.owner);
    expect(updated).toMatchObject({ message: DOCUMENT_CATEGORY_UPDATED, document: { category: { id: 2, name: 'Lease' }, category_id: 2, status: 'PROCESSING' } });
    expect(await harness.row(`select category_chosen from ${harness.table('document')} where id = $1`, [id])).toEqual({ category_chosen: true });
    // The category's own event, with the status the document had then; the pipeline's verdict on this unreadable
    // file may be recorded before or after it, so it need not be the last.
    expect(await statusEvents(id)).toContainEqual({ status: 'PROCESSING', locationId: world.locationId, categoryId: 2 });
    expect((await harness.failure(harness.call(UpdateDocumentCategory, { id, category: 99 }, world.owner))).status).toBe(400);
    expect(await harness.outcome(harness.call(UpdateDocumentCategory, { id, category: 3 }, world.partners.VIEWER))).toBe(403);
  });
});

describe('delete', () => {
  it('goes DELETING then DELETED, leaves the lists, removes the object, and lets the same file be uploaded again', async () => {
    const bytes = pdf('to delete');
    const { id, key } = await upload(world.owner, [world.locationId], 'old.pdf', bytes);
    expect(await harness.outcome(harness.call(DeleteDocument, { documentId: id }, world.partners.VIEWER))).toBe(403);
    expect(await harness.call(DeleteDocument, { documentId: id }, world.partners.MANAGER)).toEqual({ message: DOCUMENT_DELETED });
    // Filed PROCESSING; the pipeline may have moved it on before the delete (progress, or FAILED for these bytes); the
    // delete's own changes are the last two, once each.
    const statuses = (await statusEvents(id)).map((event) => event.status);
    expect(statuses[0]).toBe('PROCESSING');
    expect(statuses.slice(-2)).toEqual(['DELETING', 'DELETED']);
    expect(statuses.filter((status) => status === 'DELETING' || status === 'DELETED')).toHaveLength(2);
    expect(await harness.row(`select status, deleted_at is not null as gone from ${harness.table('document')} where id = $1`, [id])).toEqual({ status: 'DELETED', gone: true });
    await waitFor(async () => !(await harness.objectExists(key)), { timeout: 20_000, description: 'the object removed after the delete' });
    expect(await harness.failure(harness.call(GetDocument, { id }, world.owner))).toEqual({ status: 404, message: DOCUMENT_NOT_FOUND });
    expect(await harness.failure(harness.call(DeleteDocument, { documentId: id }, world.owner))).toEqual({ status: 404, message: DOCUMENT_NOT_FOUND });
    const listed = await harness.call(ListVaultDocuments, { property_location_id: world.locationId }, world.owner);
    expect(listed.items.map((doc) => doc.id)).not.toContain(id);
    const again = await upload(world.owner, [world.locationId], 'old again.pdf', bytes);
    expect(again.id).not.toBe(id);
  });

  it('keeps the object while another location\'s document still refers to it', async () => {
    const file = await harness.storeFile(pdf('shared'), 'shared.pdf');
    const { documents } = await harness.call(RegisterUploadedDocument, { file, location_ids: [world.locationId, second.locationId] }, world.owner);
    const [a, b] = documents.map((d) => d.document.id) as [string, string];
    await harness.call(DeleteDocument, { documentId: a }, world.owner);
    // The first delete's removal has run (its event handled) and kept the object the other document refers to.
    await waitFor(() => harness.row(`select 1 from ${harness.table('inbox')} i join ${harness.table('outbox')} o on o.envelope->>'id' = i.event_id::text
      where i.consumer = 'vault.document-deleted-remove-files' and o.envelope->'data'->>'documentId' = $1 and o.envelope->'data'->>'status' = 'DELETED'`, [a]), { timeout: 20_000, description: 'the first removal handled' });
    expect(await harness.objectExists(file.key)).toBe(true);
    await harness.call(DeleteDocument, { documentId: b }, world.owner);
    await waitFor(async () => !(await harness.objectExists(file.key)), { timeout: 20_000, description: 'the object removed after the last delete' });
  });
});

describe('moving documents between properties', () => {
  it('moves documents to the target\'s top level, clears what belonged to the source, skips a file the target has, and records the move', async () => {
    const folder = await harness.call(CreateFolder, { name: 'To move', property_location_id: world.locationId }, world.owner);
    const moving = await upload(world.owner, [world.locationId], 'moving.pdf', pdf('moving'), folder.id);
    await harness.db.query(`update ${harness.table('document')} set building_id = 'b1', unit_id = 'u1', tenant_id = 't1' where id = $1`, [moving.id]);
    await harness.db.query(`insert into ${harness.table('document_tag')} (document_id, kind, target_id) values ($1, 'unit', 'u1'), ($1, 'property_manager', 'p1')`, [moving.id]);
    const bytes = pdf('in both');
    const dup = await upload(world.owner, [world.locationId], 'dup.pdf', bytes);
    await upload(world.owner, [second.locationId], 'dup there.pdf', bytes);

    const result = await harness.call(MoveDocumentsBetweenProperties, { document_ids: [moving.id, dup.id], source_property_location_id: world.locationId, target_property_location_id: second.locationId }, world.owner);
    expect(result).toEqual({ moved_documents_count: 1, skipped_duplicates_count: 1, updated_calendar_events_count: 0 });
    const moved = await harness.call(GetDocument, { id: moving.id }, world.owner);
    expect(moved).toMatchObject({ property_location_id: second.locationId, folder_id: null, building_id: null, unit_id: null, tenant_id: null });
    expect(moved.tags).toMatchObject({ unit_ids: [], property_manager_ids: ['p1'] });
    expect((await statusEvents(moving.id)).at(-1)).toMatchObject({ locationId: second.locationId });
    expect((await harness.call(GetDocument, { id: dup.id }, world.owner)).property_location_id).toBe(world.locationId);
  });

  it('counts a file that reaches the target while the move runs as already there, instead of failing', async () => {
    const bytes = pdf('race');
    const doc = await upload(world.owner, [world.locationId], 'race.pdf', bytes);
    // Another upload of the same bytes to the target, not yet committed: the move's check cannot see it, its update
    // waits on the unique index until the upload commits, then finds the place taken.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into ${harness.table('document')} (id, account_id, location_id, original_name, mime_type, size, sha256, storage_key, status, data_type, source, created_at, updated_at)
         values ($1, $2, $3, 'race.pdf', 'application/pdf', $4, $5, $6, 'PROCESSING', 'document', 'upload', now(), now())`,
        [uuidv7(), world.owner.userId, second.locationId, bytes.length, VaultHarness.sha256(bytes), `vault/documents/${uuidv7()}`],
      );
      const move = harness.call(MoveDocumentsBetweenProperties, { document_ids: [doc.id], source_property_location_id: world.locationId, target_property_location_id: second.locationId }, world.owner);
      await waitFor(() => harness.row(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'update %document%'`), { timeout: 10_000, description: 'the move waiting on the index' });
      await other.query('commit');
      expect(await move).toEqual({ moved_documents_count: 0, skipped_duplicates_count: 1, updated_calendar_events_count: 0 });
    } finally {
      await other.end();
    }
    expect((await harness.call(GetDocument, { id: doc.id }, world.owner)).property_location_id).toBe(world.locationId);
  });

  it('answers the spec messages for no source and the same location, and 404 for a document not of the source', async () => {
    const { id } = await upload(world.owner, [world.locationId], 'stay.pdf');
    expect(await harness.failure(harness.call(MoveDocumentsBetweenProperties, { document_ids: [id], source_property_location_id: '', target_property_location_id: second.locationId }, world.owner))).toEqual({ status: 400, message: SOURCE_LOCATION_REQUIRED });
    expect(await harness.failure(harness.call(MoveDocumentsBetweenProperties, { document_ids: [id], source_property_location_id: world.locationId, target_property_location_id: world.locationId }, world.owner))).toEqual({ status: 400, message: ALREADY_IN_THIS_PROPERTY });
    expect(await harness.failure(harness.call(MoveDocumentsBetweenProperties, { document_ids: [id], source_property_location_id: second.locationId, target_property_location_id: world.locationId }, world.owner))).toEqual({ status: 404, message: DOCUMENT_NOT_FOUND });
  });

  it('needs document:write on both locations: a manager of the source only reaches no target (404), a viewer of both 403', async () => {
    const { id } = await upload(world.owner, [world.locationId], 'guarded.pdf');
    expect(await harness.outcome(harness.call(MoveDocumentsBetweenProperties, { document_ids: [id], source_property_location_id: world.locationId, target_property_location_id: second.locationId }, world.partners.MANAGER))).toBe(404);
    await harness.share(world.owner, second.locationId, 'VIEWER', world.partners.MANAGER);
    expect(await harness.outcome(harness.call(MoveDocumentsBetweenProperties, { document_ids: [id], source_property_location_id: world.locationId, target_property_location_id: second.locationId }, world.partners.MANAGER))).toBe(403);
    expect((await harness.call(GetDocument, { id }, world.owner)).property_location_id).toBe(world.locationId);
  });
});

describe('moving folders between properties', () => {
  it('moves each folder with its subtree and documents; a document whose file the target has stays at the source\'s top level', async () => {
    const top = await harness.call(CreateFolder, { name: 'Archive 2025', property_location_id: world.locationId }, world.owner);
    const sub = await harness.call(CreateFolder, { name: 'Q1', parent_folder_id: top.id }, world.owner);
    const a = await upload(world.owner, [world.locationId], 'a.pdf', pdf('a'), top.id);
    const bytes = pdf('b');
    const b = await upload(world.owner, [world.locationId], 'b.pdf', bytes, sub.id);
    await upload(world.owner, [second.locationId], 'b there.pdf', bytes);

    const result = await harness.call(MoveFoldersBetweenProperties, { folder_ids: [top.id, sub.id], source_property_location_id: world.locationId, target_property_location_id: second.locationId }, world.owner);
    expect(result).toEqual({ moved_folders_count: 2, moved_documents_count: 1, skipped_duplicates_count: 1, updated_calendar_events_count: 0 });
    const contents = await harness.call(GetFolderContents, { id: top.id }, world.owner);
    expect(contents.folder).toMatchObject({ property_location_id: second.locationId, parent_folder_id: null });
    expect(contents.folders.map((folder) => [folder.name, folder.property_location_id])).toEqual([['Q1', second.locationId]]);
    expect(contents.documents.items.map((doc) => [doc.id, doc.property_location_id])).toEqual([[a.id, second.locationId]]);
    expect(await harness.call(GetDocument, { id: b.id }, world.owner)).toMatchObject({ property_location_id: world.locationId, folder_id: null });
  });

  it('refuses system folders and a name the target\'s top level has, moving nothing', async () => {
    const em = harness.service.app.get(MikroORM).em.fork() as EntityManager;
    const system = await em.transactional((tx) => harness.service.app.get(FoldersRepository).ensureSystemFolder(tx as EntityManager, { locationId: world.locationId, accountId: world.owner.userId }, 'email_attachments'));
    expect(await harness.failure(harness.call(MoveFoldersBetweenProperties, { folder_ids: [system.id], source_property_location_id: world.locationId, target_property_location_id: second.locationId }, world.owner))).toEqual({ status: 409, message: SYSTEM_FOLDER_NOT_MOVABLE });
    const mine = await harness.call(CreateFolder, { name: 'Taxes', property_location_id: world.locationId }, world.owner);
    await harness.call(CreateFolder, { name: 'taxes', property_location_id: second.locationId }, world.owner);
    expect(await harness.failure(harness.call(MoveFoldersBetweenProperties, { folder_ids: [mine.id], source_property_location_id: world.locationId, target_property_location_id: second.locationId }, world.owner))).toEqual({ status: 409, message: FOLDER_NAME_TAKEN_IN_TARGET });
    expect(await harness.row(`select location_id from ${harness.table('folder')} where id = $1`, [mine.id])).toEqual({ location_id: world.locationId });
  });
});

describe('Pending Location Assignment', () => {
  it('gives a pending document a location, and refuses a located one or a file the location has', async () => {
    const file = await harness.storeFile(pdf('pending'), 'pending.pdf');
    const { documents } = await harness.call(RegisterUploadedDocument, { file }, world.owner);
    const id = documents[0]!.document.id;
    expect(await harness.failure(harness.call(AssignDocumentLocation, { id, property_location_id: world.locationId }, await harness.caller()))).toEqual({ status: 404, message: DOCUMENT_NOT_FOUND });
    const assigned = await harness.call(AssignDocumentLocation, { id, property_location_id: world.locationId }, world.owner);
    expect(assigned).toMatchObject({ message: DOCUMENT_LOCATION_ASSIGNED, document: { id, property_location_id: world.locationId } });
    expect((await harness.call(ListVaultDocuments, { pending_location: true }, world.owner)).items.map((doc) => doc.id)).not.toContain(id);
    expect(await harness.failure(harness.call(AssignDocumentLocation, { id, property_location_id: second.locationId }, world.owner))).toEqual({ status: 409, message: DOCUMENT_NOT_PENDING });

    const bytes = pdf('already there');
    await upload(world.owner, [world.locationId], 'there.pdf', bytes);
    const again = await harness.storeFile(bytes, 'again.pdf');
    const pending = (await harness.call(RegisterUploadedDocument, { file: again }, world.owner)).documents[0]!.document.id;
    expect(await harness.failure(harness.call(AssignDocumentLocation, { id: pending, property_location_id: world.locationId }, world.owner))).toEqual({ status: 409, message: DUPLICATE_IN_TARGET });
  });
});
