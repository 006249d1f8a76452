import { jest } from '@jest/globals';
import {
  CONTACT_NOT_FOUND,
  ContactChanged,
  ENTITY_FILE_REQUIRED,
  ListContactDocuments,
  UploadContactDocument,
  ListBuildingDocuments,
  ListTenantDocuments,
  ListUnitDocuments,
  RegisterUploadedDocument,
  UpdateDocumentTags,
  UploadBuildingDocument,
  UploadTenantDocument,
  UploadUnitDocument,
} from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { VaultHarness, type DirectoryPlace, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(180_000);

/**
 * The Documents tabs of buildings, units and tenants on real PostgreSQL, MinIO and NATS: uploads filed under the
 * entity (with its building and unit), the tab listing what is filed under or tagged with it, the same file stored
 * once per location, and who may do what (other account 404, viewer 403 on uploads, vendor 403 on reads).
 */
let harness: VaultHarness;
let world: VaultWorld;
let other: VaultWorld;
let mine: DirectoryPlace;
let theirs: DirectoryPlace;
let n = 0;
const pdf = (text = 'entity'): Buffer => Buffer.from(`%PDF-1.4\n% ${text} ${Date.now()} ${++n}\n%%EOF\n`);

beforeAll(async () => {
  harness = await VaultHarness.start();
  world = await harness.world();
  other = await harness.world({ name: '40 Oak Avenue' });
  mine = await harness.place(world, { building: 'Building A', unit: '2B', tenant: 'Maria Lopez', manager: 'Jordan Lee' });
  theirs = await harness.place(other, { building: 'Oak Tower', unit: '7', tenant: 'Sam Park', manager: 'Alex Kim' });
});
afterAll(async () => harness?.close());

describe('uploads from a Documents tab', () => {
  it('files a tenant\'s document under the tenant, its unit and building, in their location, as an entity upload', async () => {
    const file = await harness.storeFile(pdf('tenant lease'), 'Lease Maria.pdf');
    const { document, duplicate } = await harness.call(UploadTenantDocument, { id: mine.tenantId, file: [file], category_id: 2 }, world.partners.MANAGER);
    expect(duplicate).toBe(false);
    expect(document).toMatchObject({
      property_location_id: world.locationId,
      building_id: mine.buildingId,
      unit_id: mine.unitId,
      tenant_id: mine.tenantId,
      category_id: 2,
      status: 'PROCESSING',
      metadata: { source: 'entity' },
    });
    expect((await harness.call(ListTenantDocuments, { id: mine.tenantId }, world.partners.VIEWER)).items.map((d) => d.id)).toEqual([document.id]);
    expect((await harness.call(ListUnitDocuments, { id: mine.unitId }, world.owner)).items.map((d) => d.id)).toEqual([document.id]);
    expect((await harness.call(ListBuildingDocuments, { id: mine.buildingId }, world.owner)).items.map((d) => d.id)).toEqual([document.id]);
  });

  it('files a building\'s and a unit\'s documents under them only', async () => {
    const b = await harness.call(UploadBuildingDocument, { id: mine.buildingId, file: [await harness.storeFile(pdf('boiler'), 'boiler.pdf')] }, world.owner);
    expect(b.document).toMatchObject({ building_id: mine.buildingId, unit_id: null, tenant_id: null });
    const u = await harness.call(UploadUnitDocument, { id: mine.unitId, file: [await harness.storeFile(pdf('inspection'), 'inspection.pdf')] }, world.owner);
    expect(u.document).toMatchObject({ building_id: mine.buildingId, unit_id: mine.unitId, tenant_id: null });
    const tenantTab = (await harness.call(ListTenantDocuments, { id: mine.tenantId }, world.owner)).items.map((d) => d.id);
    expect(tenantTab).not.toContain(b.document.id);
    expect(tenantTab).not.toContain(u.document.id);
  });

  it('stores the same file once: the location\'s document is answered, shows on the tab, and the new object is removed', async () => {
    const bytes = pdf('shared');
    const first = await harness.storeFile(bytes, 'shared.pdf');
    const filed = (await harness.call(RegisterUploadedDocument, { file: first, location_ids: [world.locationId] }, world.owner)).documents[0]!.document;
    const second = await harness.storeFile(bytes, 'shared again.pdf');
    const again = await harness.call(UploadUnitDocument, { id: mine.unitId, file: [second] }, world.owner);
    expect(again).toMatchObject({ duplicate: true, document: { id: filed.id } });
    expect(again.document.tags.unit_ids).toEqual([mine.unitId]);
    expect(await harness.objectExists(second.key)).toBe(false);
    expect(await harness.objectExists(first.key)).toBe(true);
    expect((await harness.call(ListUnitDocuments, { id: mine.unitId }, world.owner)).items.map((d) => d.id)).toContain(filed.id);
  });

  it('lists what is tagged with the entity too', async () => {
    const file = await harness.storeFile(pdf('tagged'), 'notice.pdf');
    const doc = (await harness.call(RegisterUploadedDocument, { file, location_ids: [world.locationId] }, world.owner)).documents[0]!.document;
    await harness.call(UpdateDocumentTags, { id: doc.id, building_ids: [mine.buildingId] }, world.owner);
    expect((await harness.call(ListBuildingDocuments, { id: mine.buildingId }, world.owner)).items.map((d) => d.id)).toContain(doc.id);
  });

  it('asks for a file', async () => {
    expect(await harness.failure(harness.call(UploadBuildingDocument, { id: mine.buildingId, file: [] }, world.owner))).toEqual({ status: 400, message: ENTITY_FILE_REQUIRED });
  });
});

describe('who may', () => {
  it('answers 404 with the entity\'s message for another account\'s or an unknown entity', async () => {
    const file = await harness.storeFile(pdf('theirs'), 'theirs.pdf');
    expect(await harness.failure(harness.call(UploadBuildingDocument, { id: theirs.buildingId, file: [file] }, world.owner))).toEqual({ status: 404, message: 'Building not found' });
    expect(await harness.failure(harness.call(ListUnitDocuments, { id: theirs.unitId }, world.owner))).toEqual({ status: 404, message: 'Unit not found' });
    expect(await harness.failure(harness.call(ListTenantDocuments, { id: 'no-such-tenant' }, world.owner))).toEqual({ status: 404, message: 'Tenant not found' });
    expect(await harness.row(`select 1 from ${harness.table('document')} where storage_key = $1`, [file.key])).toBeUndefined();
  });

  it('refuses uploads to a viewer and reads to a vendor (403)', async () => {
    const file = await harness.storeFile(pdf('viewer'), 'viewer.pdf');
    expect(await harness.outcome(harness.call(UploadTenantDocument, { id: mine.tenantId, file: [file] }, world.partners.VIEWER))).toBe(403);
    expect(await harness.outcome(harness.call(ListBuildingDocuments, { id: mine.buildingId }, world.partners.VENDOR))).toBe(403);
    expect(await harness.outcome(harness.call(ListBuildingDocuments, { id: mine.buildingId }, world.partners.VIEWER))).toBe('ok');
  });
});

describe("a contact's documents (contacts/{id}/documents at the selected location)", () => {
  it('files an upload at the location, linked to the contact; lists it there only; a duplicate is linked and stored once', async () => {
    const file = await harness.storeFile(pdf('insurance'), 'Rivera Plumbing - insurance.pdf');
    const { document, duplicate } = await harness.call(UploadContactDocument, { id: mine.contactId, location_id: world.locationId, file: [file], category_id: 3 }, world.partners.MANAGER);
    expect(duplicate).toBe(false);
    expect(document).toMatchObject({ property_location_id: world.locationId, building_id: null, tenant_id: null, category_id: 3, metadata: { source: 'entity' } });
    expect((await harness.call(ListContactDocuments, { id: mine.contactId, location_id: world.locationId }, world.partners.VIEWER)).items.map((d) => d.id)).toEqual([document.id]);

    // The same bytes, already the location's (filed from the vault page): the existing document is linked, the copy removed.
    const bytes = pdf('w9');
    const filed = (await harness.call(RegisterUploadedDocument, { file: await harness.storeFile(bytes, 'W-9.pdf'), location_ids: [world.locationId] }, world.owner)).documents[0]!.document;
    const copy = await harness.storeFile(bytes, 'W-9 again.pdf');
    expect(await harness.call(UploadContactDocument, { id: mine.contactId, location_id: world.locationId, file: [copy] }, world.owner)).toMatchObject({ duplicate: true, document: { id: filed.id } });
    expect(await harness.objectExists(copy.key)).toBe(false);
    const listed = (await harness.call(ListContactDocuments, { id: mine.contactId, location_id: world.locationId }, world.owner)).items.map((d) => d.id);
    expect(listed.sort()).toEqual([document.id, filed.id].sort());
    // Re-tagging the document (the spec's five tag kinds) keeps its link to the contact.
    await harness.call(UpdateDocumentTags, { id: filed.id, building_ids: [mine.buildingId] }, world.owner);
    expect((await harness.call(ListContactDocuments, { id: mine.contactId, location_id: world.locationId }, world.owner)).items.map((d) => d.id)).toContain(filed.id);
  });

  it('answers 404 "Contact not found" for another account\'s contact, a location it is not on, an unknown or a deleted one, and stores nothing', async () => {
    const file = await harness.storeFile(pdf('stray'), 'stray.pdf');
    for (const [id, locationId] of [
      [theirs.contactId, other.locationId],
      [theirs.contactId, world.locationId],
      ['no-such-contact', world.locationId],
    ] as const) {
      expect(await harness.failure(harness.call(UploadContactDocument, { id, location_id: locationId, file: [file] }, world.owner))).toEqual({ status: 404, message: CONTACT_NOT_FOUND });
      expect(await harness.failure(harness.call(ListContactDocuments, { id, location_id: locationId }, world.owner))).toEqual({ status: 404, message: CONTACT_NOT_FOUND });
    }
    const gone = await harness.place(world, { building: 'Building C', unit: '1', tenant: 'Ana Ruiz', manager: 'Kim Lee', contact: 'Old HOA' });
    const eventId = await harness.publish(ContactChanged, { contactId: gone.contactId, accountId: world.owner.userId, name: 'Old HOA', role: 'HOA', emails: [], locationIds: [] });
    await waitFor(() => harness.row(`select 1 from ${harness.table('contact_directory')} where contact_id = $1 and stamp = $2`, [gone.contactId, eventId]), { timeout: 20_000, description: 'deletion copied' });
    expect(await harness.failure(harness.call(ListContactDocuments, { id: gone.contactId, location_id: world.locationId }, world.owner))).toEqual({ status: 404, message: CONTACT_NOT_FOUND });
    expect(await harness.failure(harness.call(ListContactDocuments, { id: mine.contactId, location_id: '' }, world.owner))).toEqual({ status: 400, message: 'No location selected' });
    expect(await harness.row(`select 1 from ${harness.table('document')} where storage_key = $1`, [file.key])).toBeUndefined();
  });

  it('refuses uploads to a viewer and reads to a vendor (403)', async () => {
    const file = await harness.storeFile(pdf('contact viewer'), 'viewer.pdf');
    expect(await harness.outcome(harness.call(UploadContactDocument, { id: mine.contactId, location_id: world.locationId, file: [file] }, world.partners.VIEWER))).toBe(403);
    expect(await harness.outcome(harness.call(ListContactDocuments, { id: mine.contactId, location_id: world.locationId }, world.partners.VENDOR))).toBe(403);
  });
});
