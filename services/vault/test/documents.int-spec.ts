import { jest } from '@jest/globals';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_NOT_FOUND,
  DocumentStatusChanged,
  DocumentUploaded,
  GetDocument,
  ListDocumentCategories,
  ListVaultDocuments,
  RegisterUploadedDocument,
} from '@pm/contracts';
import { VaultHarness, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(180_000);

/**
 * Filing stored uploads as documents, reading them back and listing them, on real PostgreSQL, MinIO and NATS: the
 * rows, the outbox events that start processing, de-duplication of the same bytes per location, and who may see what.
 */
let harness: VaultHarness;
let world: VaultWorld;
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

beforeAll(async () => {
  harness = await VaultHarness.start();
  world = await harness.world();
});
afterAll(async () => harness?.close());

describe('filing an upload', () => {
  it('files the stored file as a document of the location, PROCESSING at 0 %, and records the events that start processing', async () => {
    // A name with a control character is refused by the contract (the BFF cleans the browser's name before it asks);
    // one with path separators is filed under a name that cannot leave its folder.
    const hostile = await harness.storeFile(pdf('lease hostile'), 'Lease\u0007 2B.pdf');
    await expect(harness.call(RegisterUploadedDocument, { file: hostile, location_ids: [world.locationId] }, world.owner)).rejects.toMatchObject({
      status: 400,
      message: 'File name contains characters that are not allowed',
    });
    const file = await harness.storeFile(pdf('lease one'), '../../etc/Lease 2B.pdf');
    const { documents } = await harness.call(RegisterUploadedDocument, { file, location_ids: [world.locationId], category_id: 2 }, world.owner);
    expect(documents).toHaveLength(1);
    const [{ document, duplicate }] = documents as [(typeof documents)[number]];
    expect(duplicate).toBe(false);
    expect(document).toMatchObject({
      original_name: '_.._etc_Lease 2B.pdf',
      mime_type: 'application/pdf',
      status: 'PROCESSING',
      progress: 0,
      category: { id: 2, name: 'Lease' },
      property_location_id: world.locationId,
      created_by: world.owner.userId,
      file_path: `document/doc/${document.id}`,
    });
    expect(document.original_name).not.toContain('/');
    // Recorded with the row: one DocumentUploaded and the first status (the pipeline, reading it at once, may have
    // recorded progress since, so only what filing recorded is compared).
    const events = await harness.db.query<{ subject: string; data: { status?: string; progress?: number } }>(
      `select subject, envelope->'data' as data from ${harness.table('outbox')} where envelope->'data'->>'documentId' = $1 order by created_at, id`,
      [document.id],
    );
    expect(events.rows.filter((row) => row.subject === DocumentUploaded.subject)).toHaveLength(1);
    expect(events.rows.find((row) => row.subject === DocumentStatusChanged.subject)?.data).toMatchObject({ status: 'PROCESSING', progress: 0 });
    const { status: _status, progress: _progress, updated_at: _updatedAt, metadata, ...stable } = document;
    const read = await harness.call(GetDocument, { id: document.id }, world.owner);
    expect(read).toMatchObject(stable);
    expect(read.metadata).toMatchObject({ source: metadata.source, sha256: metadata.sha256, data_type: metadata.data_type });
  });

  it('stores the same bytes once per location: a second upload answers the first document and its object is removed', async () => {
    const bytes = pdf(`same ${Date.now()}`);
    const first = await harness.storeFile(bytes, 'inspection.pdf');
    const second = await harness.storeFile(bytes, 'inspection copy.pdf');
    const a = await harness.call(RegisterUploadedDocument, { file: first, location_ids: [world.locationId] }, world.owner);
    const b = await harness.call(RegisterUploadedDocument, { file: second, location_ids: [world.locationId] }, world.owner);
    expect(b.documents[0]).toMatchObject({ duplicate: true, document: { id: a.documents[0]!.document.id } });
    expect(await harness.objectExists(first.key)).toBe(true);
    expect(await harness.objectExists(second.key)).toBe(false);
    const count = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('document')} where sha256 = $1`, [VaultHarness.sha256(bytes)]);
    expect(count?.n).toBe('1');
  });

  it('keeps a document without a location in its account\'s Pending Location Assignment, out of everyone else\'s reach', async () => {
    const file = await harness.storeFile(pdf(`pending ${Date.now()}`), 'scan.pdf');
    const { documents } = await harness.call(RegisterUploadedDocument, { file }, world.owner);
    const id = documents[0]!.document.id;
    expect(documents[0]!.document.property_location_id).toBeNull();
    const pending = await harness.call(ListVaultDocuments, { pending_location: true }, world.owner);
    expect(pending.items.map((d) => d.id)).toEqual([id]);
    const stranger = await harness.caller();
    expect(await harness.failure(harness.call(GetDocument, { id }, stranger))).toEqual({ status: 404, message: DOCUMENT_NOT_FOUND });
    expect((await harness.call(ListVaultDocuments, { pending_location: true }, stranger)).items).toEqual([]);
  });

  it('refuses a location the caller cannot write to, and stores nothing', async () => {
    const file = await harness.storeFile(pdf(`viewer ${Date.now()}`), 'viewer.pdf');
    expect(await harness.outcome(harness.call(RegisterUploadedDocument, { file, location_ids: [world.locationId] }, world.partners.VIEWER))).toBe(403);
    const other = await harness.world({ name: 'Other account' });
    expect(await harness.outcome(harness.call(RegisterUploadedDocument, { file, location_ids: [other.locationId] }, world.owner))).toBe(404);
    expect(await harness.row(`select 1 from ${harness.table('document')} where storage_key = $1`, [file.key])).toBeUndefined();
  });
});

describe('reading', () => {
  it('lists the location\'s documents a page at a time, newest first, for those who may read them', async () => {
    const w = await harness.world({ name: 'Listing' });
    const ids: string[] = [];
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
      const file = await harness.storeFile(pdf(`${name} ${Date.now()}`), name);
      ids.push((await harness.call(RegisterUploadedDocument, { file, location_ids: [w.locationId] }, w.owner)).documents[0]!.document.id);
    }
    const first = await harness.call(ListVaultDocuments, { property_location_id: w.locationId, limit: 2 }, w.owner);
    expect(first.total).toBe(3);
    expect(first.items.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const second = await harness.call(ListVaultDocuments, { property_location_id: w.locationId, limit: 2, cursor: first.next_cursor! }, w.owner);
    expect(second.items.map((d) => d.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
    const byName = await harness.call(ListVaultDocuments, { property_location_id: w.locationId, sort: 'name', order: 'asc' }, w.partners.VIEWER);
    expect(byName.items.map((d) => d.original_name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(await harness.outcome(harness.call(ListVaultDocuments, { property_location_id: w.locationId }, w.partners.VENDOR))).toBe(403);
    expect(await harness.outcome(harness.call(ListVaultDocuments, { property_location_id: w.locationId }, world.owner))).toBe(404);
    const everywhere = await harness.call(ListVaultDocuments, {}, w.owner);
    expect(everywhere.items.map((d) => d.id).sort()).toEqual([...ids].sort());
  });

  it('answers the product\'s categories', async () => {
    expect(await harness.call(ListDocumentCategories, {}, world.owner)).toEqual(DOCUMENT_CATEGORIES.map((c) => ({ ...c })));
  });
});
