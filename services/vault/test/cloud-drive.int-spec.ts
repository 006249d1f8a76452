import { jest } from '@jest/globals';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompleteStagedUpload, DocumentUploaded, GetDocument, ListStagedFiles, STAGED_FILE_ASSIGNED, STAGED_FILE_NOT_FOUND } from '@pm/contracts';
import { VaultHarness, type TestCaller, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(180_000);

/**
 * The cloud drive's local default (a staging folder on disk per account) through the staged-file calls, on real
 * PostgreSQL, MinIO and NATS: listing, assigning into the location's folders of the drive path, and refusals.
 */
let harness: VaultHarness;
let world: VaultWorld;
let stagingDir: string;
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const png = (text: string): Buffer => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(text.padEnd(64, '.'))]);

async function stage(account: TestCaller, path: string, bytes: Buffer): Promise<void> {
  const file = join(stagingDir, account.userId, ...path.split('/'));
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, bytes);
}

const listed = async (as: TestCaller) => (await harness.call(ListStagedFiles, {}, as)).staged_files;
const stagedId = async (as: TestCaller, name: string): Promise<string> => {
  const file = (await listed(as)).find((staged) => staged.original_name === name);
  if (!file) throw new Error(`${name} is not staged`);
  return file.id;
};

beforeAll(async () => {
  stagingDir = await mkdtemp(join(tmpdir(), 'vault-staging-'));
  harness = await VaultHarness.start({ env: { CLOUD_DRIVE_PROVIDER: 'local', VAULT_STAGING_DIR: stagingDir } });
  world = await harness.world();
});
afterAll(async () => {
  await harness?.close();
  await rm(stagingDir, { recursive: true, force: true });
});

describe('staged cloud-drive files', () => {
  it('lists the account’s own drive files with their folder path and sniffed type; links and other accounts’ files are not listed', async () => {
    await stage(world.owner, 'Leases/2026/Lease 2B.pdf', pdf(`lease ${Date.now()}`));
    await stage(world.owner, 'meter photo.png', png(`meter ${Date.now()}`));
    const stranger = await harness.caller();
    await stage(stranger, 'their lease.pdf', pdf('not yours'));
    await symlink(join(stagingDir, stranger.userId, 'their lease.pdf'), join(stagingDir, world.owner.userId, 'link.pdf'));

    const files = await listed(world.owner);
    expect(files.map((file) => [file.original_name, file.folder_structure.folder_path, file.mime_type]).sort()).toEqual([
      ['Lease 2B.pdf', 'Leases/2026', 'application/pdf'],
      ['meter photo.png', '', 'image/png'],
    ]);
    expect(files[0]).toMatchObject({ file_size: expect.any(Number), metadata: { web_view_link: null } });
    // The same file keeps its id from one listing to the next (the browser acts on it).
    expect((await listed(world.owner)).map((file) => file.id).sort()).toEqual(files.map((file) => file.id).sort());
    expect((await listed(stranger)).map((file) => file.original_name)).toEqual(['their lease.pdf']);
  });

  it('assigns a staged file to a location: filed in the folders of its drive path, processing started, no longer staged', async () => {
    const id = await stagedId(world.owner, 'Lease 2B.pdf');
    const answer = await harness.call(CompleteStagedUpload, { stagedDocumentId: id, locationId: world.locationId }, world.owner);
    expect(answer).toEqual({ success: true, message: STAGED_FILE_ASSIGNED, document_id: expect.any(String) });
    const document = await harness.call(GetDocument, { id: answer.document_id! }, world.owner);
    expect(document).toMatchObject({ original_name: 'Lease 2B.pdf', mime_type: 'application/pdf', status: 'PROCESSING', property_location_id: world.locationId, created_by: world.owner.userId, metadata: { source: 'cloud_drive' } });

    const folder = await harness.row<{ name: string; parent_folder_id: string }>(`select name, parent_folder_id from ${harness.table('folder')} where id = $1`, [document.folder_id]);
    expect(folder?.name).toBe('2026');
    expect(await harness.row(`select name from ${harness.table('folder')} where id = $1 and parent_folder_id is null`, [folder!.parent_folder_id])).toEqual({ name: 'Leases' });

    const row = await harness.row<{ storage_key: string }>(`select storage_key from ${harness.table('document')} where id = $1`, [document.id]);
    expect(await harness.objectExists(row!.storage_key)).toBe(true);
    expect(await harness.row(`select 1 from ${harness.table('outbox')} where subject = $1 and envelope->'data'->>'documentId' = $2`, [DocumentUploaded.subject, document.id])).toBeDefined();

    expect((await listed(world.owner)).map((file) => file.original_name)).toEqual(['meter photo.png']);
    // Assigning it again (a retried click) answers the same document.
    expect(await harness.call(CompleteStagedUpload, { stagedDocumentId: id, locationId: world.locationId }, world.owner)).toEqual(answer);
  });

  it('a second file of the same drive folder joins the same folders', async () => {
    await stage(world.owner, 'leases/2026/Lease 3A.pdf', pdf(`lease 3a ${Date.now()}`));
    const { document_id } = await harness.call(CompleteStagedUpload, { stagedDocumentId: await stagedId(world.owner, 'Lease 3A.pdf'), locationId: world.locationId }, world.owner);
    const folders = await harness.db.query(`select id from ${harness.table('folder')} where location_id = $1 and lower(name) = 'leases'`, [world.locationId]);
    expect(folders.rows).toHaveLength(1);
    const doc = await harness.call(GetDocument, { id: document_id! }, world.owner);
    expect((await harness.row<{ name: string }>(`select name from ${harness.table('folder')} where id = $1`, [doc.folder_id]))?.name).toBe('2026');
  });

  it('refuses a file the vault does not take with a clear 415, and the file stays staged with nothing filed', async () => {
    await stage(world.owner, 'notes.txt', Buffer.from('call the plumber on Tuesday'));
    const id = await stagedId(world.owner, 'notes.txt');
    const failure = await harness.failure(harness.call(CompleteStagedUpload, { stagedDocumentId: id, locationId: world.locationId }, world.owner));
    expect(failure.status).toBe(415);
    expect(failure.message).toMatch(/^This file type is not recognised/);
    expect((await listed(world.owner)).map((file) => file.id)).toContain(id);
    expect(await harness.row(`select 1 from ${harness.table('document')} where original_name = 'notes.txt'`)).toBeUndefined();
  });

  it('answers 404 for another account’s staged file and 403 where the caller may not add documents', async () => {
    const stranger = await harness.caller();
    await stage(stranger, 'deed.pdf', pdf(`deed ${Date.now()}`));
    const theirs = await stagedId(stranger, 'deed.pdf');
    expect(await harness.failure(harness.call(CompleteStagedUpload, { stagedDocumentId: theirs, locationId: world.locationId }, world.owner))).toEqual({ status: 404, message: STAGED_FILE_NOT_FOUND });

    const viewer = world.partners.VIEWER;
    await stage(viewer, 'viewer.pdf', pdf(`viewer ${Date.now()}`));
    expect(await harness.outcome(harness.call(CompleteStagedUpload, { stagedDocumentId: await stagedId(viewer, 'viewer.pdf'), locationId: world.locationId }, viewer))).toBe(403);
  });

  it('drops a file from the list once it is gone from the drive', async () => {
    await stage(world.owner, 'gone.pdf', pdf(`gone ${Date.now()}`));
    expect((await listed(world.owner)).map((file) => file.original_name)).toContain('gone.pdf');
    await rm(join(stagingDir, world.owner.userId, 'gone.pdf'));
    expect((await listed(world.owner)).map((file) => file.original_name)).not.toContain('gone.pdf');
  });
});
