import { jest } from '@jest/globals';
import {
  AssignDocumentFolder,
  CreateFolder,
  DeleteFolder,
  DOCUMENT_ASSIGNED_TO_FOLDER,
  DOCUMENT_MOVED,
  EMAIL_ATTACHMENTS_FOLDER,
  FOLDER_DELETED,
  FOLDER_NAME_REQUIRED,
  FOLDER_NAME_TAKEN,
  FOLDER_NOT_EMPTY,
  FOLDER_NOT_FOUND,
  FOLDER_OTHER_LOCATION,
  FOLDER_TOO_DEEP,
  GetFolderContents,
  GetFolderHierarchy,
  GetRootFolderContents,
  ListVaultDocuments,
  MoveDocumentsToFolder,
  RegisterUploadedDocument,
  SYSTEM_FOLDER_NO_SUBFOLDERS,
  SYSTEM_FOLDER_NOT_DELETABLE,
  SYSTEM_FOLDER_READ_ONLY,
  vaultLimits,
} from '@pm/contracts';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { FoldersRepository } from '../src/folders/folders.repository.js';
import { VaultHarness, type TestCaller, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(180_000);

/**
 * The vault's folders on real PostgreSQL, MinIO and NATS: creating them (names, nesting, system folders), the
 * breadcrumb, a folder's and a location's contents with counts, deleting (never a non-empty or system folder), and
 * filing documents into folders.
 */
let harness: VaultHarness;
let world: VaultWorld;
let other: VaultWorld;
let n = 0;
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text} ${Date.now()} ${++n}\n%%EOF\n`);

async function upload(as: TestCaller, locationId: string, name: string, folderId?: string): Promise<string> {
  const file = await harness.storeFile(pdf(name), name);
  const { documents } = await harness.call(RegisterUploadedDocument, { file, location_ids: [locationId], folder_id: folderId ?? null }, as);
  return documents[0]!.document.id;
}

async function systemFolder(locationId: string, accountId: string): Promise<string> {
  const em = harness.service.app.get(MikroORM).em.fork() as EntityManager;
  return em.transactional(async (tx) => (await harness.service.app.get(FoldersRepository).ensureSystemFolder(tx as EntityManager, { locationId, accountId }, 'email_attachments')).id);
}

beforeAll(async () => {
  harness = await VaultHarness.start();
  world = await harness.world();
  other = await harness.world({ name: '40 Oak Avenue' });
});
afterAll(async () => harness?.close());

describe('creating folders', () => {
  it('creates a folder at the top level and one inside it, each with its location and parent', async () => {
    const leases = await harness.call(CreateFolder, { name: '  Leases ', description: 'Signed leases', property_location_id: world.locationId }, world.owner);
    expect(leases).toMatchObject({ name: 'Leases', description: 'Signed leases', is_system_folder: false, parent_folder_id: null, property_location_id: world.locationId, document_count: 0, total_document_count: 0 });
    const renewals = await harness.call(CreateFolder, { name: 'Renewals', parent_folder_id: leases.id }, world.partners.MEMBER);
    expect(renewals).toMatchObject({ parent_folder_id: leases.id, property_location_id: world.locationId, description: null });
    const row = await harness.row(`select account_id, created_by from ${harness.table('folder')} where id = $1`, [renewals.id]);
    expect(row).toEqual({ account_id: world.owner.userId, created_by: world.partners.MEMBER.userId });
  });

  it('answers the spec message for a missing name and refuses a sibling of the same name in any case', async () => {
    expect(await harness.failure(harness.call(CreateFolder, { name: '   ', property_location_id: world.locationId }, world.owner))).toEqual({ status: 400, message: FOLDER_NAME_REQUIRED });
    expect(await harness.failure(harness.call(CreateFolder, { name: '', property_location_id: world.locationId }, world.owner))).toEqual({ status: 400, message: FOLDER_NAME_REQUIRED });
    await harness.call(CreateFolder, { name: 'Invoices', property_location_id: world.locationId }, world.owner);
    expect(await harness.failure(harness.call(CreateFolder, { name: 'INVOICES', property_location_id: world.locationId }, world.owner))).toEqual({ status: 409, message: FOLDER_NAME_TAKEN });
    // The same name elsewhere is another folder.
    await harness.call(CreateFolder, { name: 'Invoices', property_location_id: other.locationId }, other.owner);
  });

  it('refuses a parent of another location, a parent out of reach (404) and nesting deeper than the limit', async () => {
    const theirs = await harness.call(CreateFolder, { name: 'Theirs', property_location_id: other.locationId }, other.owner);
    expect(await harness.failure(harness.call(CreateFolder, { name: 'Mine', parent_folder_id: theirs.id }, world.owner))).toEqual({ status: 404, message: FOLDER_NOT_FOUND });
    const mine = await harness.call(CreateFolder, { name: 'Deep', property_location_id: world.locationId }, world.owner);
    expect((await harness.failure(harness.call(CreateFolder, { name: 'X', parent_folder_id: mine.id, property_location_id: other.locationId }, world.owner))).status).toBe(400);
    let parent = mine.id;
    for (let level = 2; level <= vaultLimits.folderDepth; level++) parent = (await harness.call(CreateFolder, { name: `Level ${level}`, parent_folder_id: parent }, world.owner)).id;
    expect(await harness.failure(harness.call(CreateFolder, { name: 'Too deep', parent_folder_id: parent }, world.owner))).toEqual({ status: 400, message: FOLDER_TOO_DEEP });
  });

  it('lets a viewer read folders but not create them (403), and a vendor neither', async () => {
    expect(await harness.outcome(harness.call(CreateFolder, { name: 'Viewer', property_location_id: world.locationId }, world.partners.VIEWER))).toBe(403);
    expect(await harness.outcome(harness.call(GetRootFolderContents, { property_location_id: world.locationId }, world.partners.VIEWER))).toBe('ok');
    expect(await harness.outcome(harness.call(GetRootFolderContents, { property_location_id: world.locationId }, world.partners.VENDOR))).toBe(403);
    expect(await harness.outcome(harness.call(CreateFolder, { name: 'Stranger', property_location_id: world.locationId }, await harness.caller()))).toBe(404);
  });
});

describe('system folders', () => {
  it('are created once per location, hold no new subfolders, cannot be deleted and take no documents by hand', async () => {
    const id = await systemFolder(world.locationId, world.owner.userId);
    expect(await systemFolder(world.locationId, world.owner.userId)).toBe(id);
    const root = await harness.call(GetRootFolderContents, { property_location_id: world.locationId }, world.owner);
    expect(root.folders.filter((folder) => folder.is_system_folder).map((folder) => folder.name)).toEqual([EMAIL_ATTACHMENTS_FOLDER]);
    expect(await harness.failure(harness.call(CreateFolder, { name: 'Sub', parent_folder_id: id }, world.owner))).toEqual({ status: 409, message: SYSTEM_FOLDER_NO_SUBFOLDERS });
    expect(await harness.failure(harness.call(DeleteFolder, { id }, world.owner))).toEqual({ status: 409, message: SYSTEM_FOLDER_NOT_DELETABLE });
    const doc = await upload(world.owner, world.locationId, 'memo.pdf');
    expect(await harness.failure(harness.call(AssignDocumentFolder, { id: doc, folder_id: id }, world.owner))).toEqual({ status: 409, message: SYSTEM_FOLDER_READ_ONLY });
    const file = await harness.storeFile(pdf('into the system folder'), 'upload.pdf');
    expect(await harness.failure(harness.call(RegisterUploadedDocument, { file, location_ids: [world.locationId], folder_id: id }, world.owner))).toEqual({ status: 409, message: SYSTEM_FOLDER_READ_ONLY });
    expect(await harness.row(`select 1 from ${harness.table('document')} where storage_key = $1`, [file.key])).toBeUndefined();
    expect(await harness.row(`select system_kind from ${harness.table('folder')} where id = $1`, [id])).toEqual({ system_kind: 'email_attachments' });
  });
});

describe('breadcrumbs and contents', () => {
  it('answers the path from the top level down, and each folder\'s subfolders and documents with their counts', async () => {
    const a = await harness.call(CreateFolder, { name: 'Building A', property_location_id: world.locationId }, world.owner);
    const b = await harness.call(CreateFolder, { name: 'Inspections', parent_folder_id: a.id }, world.owner);
    const c = await harness.call(CreateFolder, { name: '2026', parent_folder_id: b.id }, world.owner);
    const inA = await upload(world.owner, world.locationId, 'zeta plan.pdf', a.id);
    const inA2 = await upload(world.owner, world.locationId, 'alpha plan.pdf', a.id);
    const inC = await upload(world.owner, world.locationId, 'march inspection.pdf', c.id);

    const { hierarchy } = await harness.call(GetFolderHierarchy, { id: c.id }, world.partners.VIEWER);
    expect(hierarchy.map((folder) => folder.name)).toEqual(['Building A', 'Inspections', '2026']);

    const contents = await harness.call(GetFolderContents, { id: a.id, sort: 'name', order: 'asc' }, world.owner);
    expect(contents.folder).toMatchObject({ id: a.id, document_count: 2, total_document_count: 3 });
    expect(contents.folders.map((folder) => [folder.name, folder.document_count, folder.total_document_count])).toEqual([['Inspections', 0, 1]]);
    expect(contents.documents.items.map((doc) => doc.id)).toEqual([inA2, inA]);
    expect(contents.documents.total).toBe(2);
    const page = await harness.call(GetFolderContents, { id: a.id, sort: 'name', order: 'desc', limit: 1 }, world.owner);
    expect(page.documents.items.map((doc) => doc.id)).toEqual([inA]);
    const next = await harness.call(GetFolderContents, { id: a.id, sort: 'name', order: 'desc', limit: 1, cursor: page.documents.next_cursor! }, world.owner);
    expect(next.documents.items.map((doc) => doc.id)).toEqual([inA2]);
    expect((await harness.call(GetFolderContents, { id: c.id }, world.owner)).documents.items.map((doc) => doc.id)).toEqual([inC]);

    const root = await harness.call(GetRootFolderContents, { property_location_id: world.locationId }, world.owner);
    expect(root.folder).toBeNull();
    expect(root.folders.map((folder) => folder.name)).toContain('Building A');
    expect(root.documents.items.every((doc) => doc.folder_id === null)).toBe(true);
  });

  it('answers 404 for a folder of another account and for an id that is no folder', async () => {
    const theirs = await harness.call(CreateFolder, { name: 'Private', property_location_id: other.locationId }, other.owner);
    for (const id of [theirs.id, 'not-a-folder', '01937c41-0a1b-7c2d-8e3f-4a5b6c7d8e99']) {
      expect(await harness.failure(harness.call(GetFolderHierarchy, { id }, world.owner))).toEqual({ status: 404, message: FOLDER_NOT_FOUND });
      expect(await harness.failure(harness.call(GetFolderContents, { id }, world.owner))).toEqual({ status: 404, message: FOLDER_NOT_FOUND });
    }
  });
});

describe('deleting folders', () => {
  it('deletes an empty folder, and refuses one holding a document or a folder, losing nothing', async () => {
    const empty = await harness.call(CreateFolder, { name: 'Empty', property_location_id: world.locationId }, world.owner);
    expect(await harness.outcome(harness.call(DeleteFolder, { id: empty.id }, world.partners.VIEWER))).toBe(403);
    expect(await harness.call(DeleteFolder, { id: empty.id }, world.partners.MANAGER)).toEqual({ message: FOLDER_DELETED });
    expect(await harness.row(`select 1 from ${harness.table('folder')} where id = $1`, [empty.id])).toBeUndefined();

    const full = await harness.call(CreateFolder, { name: 'Full', property_location_id: world.locationId }, world.owner);
    const doc = await upload(world.owner, world.locationId, 'kept.pdf', full.id);
    expect(await harness.failure(harness.call(DeleteFolder, { id: full.id }, world.owner))).toEqual({ status: 409, message: FOLDER_NOT_EMPTY });
    const parent = await harness.call(CreateFolder, { name: 'Parent', property_location_id: world.locationId }, world.owner);
    await harness.call(CreateFolder, { name: 'Child', parent_folder_id: parent.id }, world.owner);
    expect(await harness.failure(harness.call(DeleteFolder, { id: parent.id }, world.owner))).toEqual({ status: 409, message: FOLDER_NOT_EMPTY });
    expect(await harness.row(`select folder_id from ${harness.table('document')} where id = $1`, [doc])).toEqual({ folder_id: full.id });
  });
});

describe('filing documents into folders', () => {
  it('moves documents into a folder and back to the top level, and assigns one', async () => {
    const folder = await harness.call(CreateFolder, { name: 'Filed', property_location_id: world.locationId }, world.owner);
    const one = await upload(world.owner, world.locationId, 'one.pdf');
    const two = await upload(world.owner, world.locationId, 'two.pdf');
    expect(await harness.call(MoveDocumentsToFolder, { document_ids: [one, two, one], folder_id: folder.id }, world.partners.MEMBER)).toEqual({ message: DOCUMENT_MOVED, moved_documents_count: 2 });
    const listed = await harness.call(ListVaultDocuments, { property_location_id: world.locationId, folder_id: folder.id }, world.owner);
    expect(listed.items.map((doc) => doc.id).sort()).toEqual([one, two].sort());
    expect(await harness.call(MoveDocumentsToFolder, { document_ids: [two], folder_id: null }, world.owner)).toMatchObject({ moved_documents_count: 1 });
    expect(await harness.row(`select folder_id from ${harness.table('document')} where id = $1`, [two])).toEqual({ folder_id: null });
    const assigned = await harness.call(AssignDocumentFolder, { id: two, folder_id: folder.id }, world.owner);
    expect(assigned).toMatchObject({ message: DOCUMENT_ASSIGNED_TO_FOLDER, document: { id: two, folder_id: folder.id } });
  });

  it('moves nothing when one document cannot go: another location\'s folder, another account\'s document, a viewer', async () => {
    const folder = await harness.call(CreateFolder, { name: 'Strict', property_location_id: world.locationId }, world.owner);
    const mine = await upload(world.owner, world.locationId, 'mine.pdf');
    const theirs = await upload(other.owner, other.locationId, 'theirs.pdf');
    expect((await harness.failure(harness.call(MoveDocumentsToFolder, { document_ids: [mine, theirs], folder_id: folder.id }, world.owner))).status).toBe(404);
    expect(await harness.row(`select folder_id from ${harness.table('document')} where id = $1`, [mine])).toEqual({ folder_id: null });
    // Both accounts' owner is the same person here: reachable, but the folder is of another location.
    await harness.share(other.owner, other.locationId, 'ADMIN', world.owner);
    expect(await harness.failure(harness.call(MoveDocumentsToFolder, { document_ids: [mine, theirs], folder_id: folder.id }, world.owner))).toEqual({ status: 400, message: FOLDER_OTHER_LOCATION });
    expect(await harness.row(`select folder_id from ${harness.table('document')} where id = $1`, [mine])).toEqual({ folder_id: null });
    expect(await harness.outcome(harness.call(MoveDocumentsToFolder, { document_ids: [mine], folder_id: folder.id }, world.partners.VIEWER))).toBe(403);
    expect((await harness.failure(harness.call(MoveDocumentsToFolder, { document_ids: [], folder_id: folder.id }, world.owner))).status).toBe(400);
  });
});
