import { jest } from '@jest/globals';
import {
  GetDocument,
  GetTaggingOptions,
  RegisterUploadedDocument,
  TAG_TARGET_NOT_FOUND,
  TenantCreated,
  TenantDeleted,
  TenantUpdated,
  UpdateDocumentTags,
} from '@pm/contracts';
import { buildEnvelope } from '@pm/messaging';
import { waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { VaultHarness, type DirectoryPlace, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(180_000);

/**
 * Tagging on real PostgreSQL, MinIO and NATS: the vault's directory copied from portfolio's events (published on
 * JetStream as portfolio publishes them, in any order), the tagging options of the locations a caller reads, tags
 * replaced with ids de-duplicated and each checked against the caller's locations, and uploads filed under a
 * building, unit or tenant only of their own location.
 */
let harness: VaultHarness;
let world: VaultWorld;
let other: VaultWorld;

let mine: DirectoryPlace;
let theirs: DirectoryPlace;
let documentId: string;
let n = 0;
const pdf = (): Buffer => Buffer.from(`%PDF-1.4\n% tagging ${Date.now()} ${++n}\n%%EOF\n`);

beforeAll(async () => {
  harness = await VaultHarness.start();
  world = await harness.world();
  other = await harness.world({ name: '40 Oak Avenue' });
  mine = await harness.place(world, { building: 'Building A', unit: '2B', tenant: 'Maria Lopez', manager: 'Jordan Lee' });
  theirs = await harness.place(other, { building: 'Oak Tower', unit: '7', tenant: 'Sam Park', manager: 'Alex Kim' });
  const file = await harness.storeFile(pdf(), 'lease.pdf');
  documentId = (await harness.call(RegisterUploadedDocument, { file, location_ids: [world.locationId] }, world.owner)).documents[0]!.document.id;
});
afterAll(async () => harness?.close());

describe('the directory', () => {
  it('keeps the latest state of a tenant whatever order the events arrive in, and drops a deleted tenant from the options', async () => {
    const scope = { locationId: world.locationId, accountId: world.owner.userId, ownerUserId: world.owner.userId };
    const tenantId = uuidv7();
    const base = { ...scope, buildingId: mine.buildingId, unitId: mine.unitId, tenantId };
    // The creation is made first (its event id is older) but delivered after the update: the update stays.
    const created = buildEnvelope(TenantCreated, { ...base, fullName: 'Old Name' });
    await harness.publish(TenantUpdated, { ...base, fullName: 'Chris Moore', phoneNumbers: [], archived: true, changedAt: new Date().toISOString() });
    await waitFor(() => harness.row(`select 1 from ${harness.table('tenant_directory')} where tenant_id = $1`, [tenantId]), { timeout: 20_000, description: 'tenant copied' });
    await harness.publishEnvelope(TenantCreated, created);
    await waitFor(() => harness.row(`select 1 from ${harness.table('inbox')} where event_id = $1`, [created.id]), { timeout: 20_000, description: 'late creation handled' });
    expect(await harness.row(`select full_name, archived from ${harness.table('tenant_directory')} where tenant_id = $1`, [tenantId])).toEqual({ full_name: 'Chris Moore', archived: true });

    const options = await harness.call(GetTaggingOptions, { unit_ids: [mine.unitId] }, world.owner);
    expect(options.tenants.map((t) => [t.full_name, t.archived])).toEqual([['Maria Lopez', false], ['Chris Moore', true]]);
    await harness.publish(TenantDeleted, { ...scope, tenantId, unitId: mine.unitId, changedAt: new Date().toISOString() });
    await waitFor(() => harness.row(`select 1 from ${harness.table('tenant_directory')} where tenant_id = $1 and deleted`, [tenantId]), { timeout: 20_000, description: 'tenant deleted' });
    expect((await harness.call(GetTaggingOptions, { unit_ids: [mine.unitId] }, world.owner)).tenants.map((t) => t.id)).toEqual([mine.tenantId]);
  });
});

describe('tagging options', () => {
  it('lists the buildings, units, tenants and managers of the locations the caller reads, and nothing of another account', async () => {
    const options = await harness.call(GetTaggingOptions, {}, world.partners.VIEWER);
    expect(options.buildings).toEqual([{ id: mine.buildingId, name: 'Building A', property_location_id: world.locationId }]);
    expect(options.units).toEqual([{ id: mine.unitId, name: '2B', building_id: mine.buildingId, property_location_id: world.locationId }]);
    expect(options.tenants.map((t) => t.full_name)).toEqual(['Maria Lopez']);
    expect(options.propertyManagers).toEqual([{ id: mine.managerId, full_name: 'Jordan Lee', email: `${mine.managerId}@example.com`, role: 'MANAGER' }]);
    const byBuilding = await harness.call(GetTaggingOptions, { property_location_ids: [world.locationId], building_ids: [mine.buildingId] }, world.owner);
    expect(byBuilding.units.map((u) => u.id)).toEqual([mine.unitId]);
  });

  it('answers 404 for another account\'s location, building or unit, and 403 to a vendor', async () => {
    expect((await harness.failure(harness.call(GetTaggingOptions, { property_location_ids: [other.locationId] }, world.owner))).status).toBe(404);
    expect(await harness.failure(harness.call(GetTaggingOptions, { building_ids: [theirs.buildingId] }, world.owner))).toEqual({ status: 404, message: 'Building not found' });
    expect(await harness.failure(harness.call(GetTaggingOptions, { unit_ids: [theirs.unitId] }, world.owner))).toEqual({ status: 404, message: 'Unit not found' });
    expect(await harness.outcome(harness.call(GetTaggingOptions, { property_location_ids: [world.locationId] }, world.partners.VENDOR))).toBe(403);
    // Without ids a vendor reads no location's documents: nothing to tag with.
    expect(await harness.call(GetTaggingOptions, {}, world.partners.VENDOR)).toEqual({ buildings: [], units: [], tenants: [], propertyManagers: [] });
  });
});

describe('tags', () => {
  it('replaces the five lists, de-duplicated', async () => {
    const tagged = await harness.call(
      UpdateDocumentTags,
      {
        id: documentId,
        property_location_ids: [world.locationId, world.locationId],
        building_ids: [mine.buildingId, mine.buildingId],
        unit_ids: [mine.unitId],
        tenant_ids: [mine.tenantId, mine.tenantId],
        property_manager_ids: [mine.managerId],
      },
      world.partners.MEMBER,
    );
    expect(tagged.tags).toEqual({
      property_location_ids: [world.locationId],
      building_ids: [mine.buildingId],
      unit_ids: [mine.unitId],
      tenant_ids: [mine.tenantId],
      property_manager_ids: [mine.managerId],
    });
    const cleared = await harness.call(UpdateDocumentTags, { id: documentId, unit_ids: [mine.unitId] }, world.owner);
    expect(cleared.tags).toEqual({ property_location_ids: [], building_ids: [], unit_ids: [mine.unitId], tenant_ids: [], property_manager_ids: [] });
  });

  it('never accepts another account\'s ids or unknown ones (404), and changes nothing then', async () => {
    for (const tags of [
      { property_location_ids: [other.locationId] },
      { building_ids: [theirs.buildingId] },
      { unit_ids: [theirs.unitId] },
      { tenant_ids: [theirs.tenantId] },
      { property_manager_ids: [theirs.managerId] },
      { tenant_ids: ['no-such-tenant'] },
    ]) {
      expect(await harness.failure(harness.call(UpdateDocumentTags, { id: documentId, building_ids: [mine.buildingId], ...tags }, world.owner))).toEqual({ status: 404, message: TAG_TARGET_NOT_FOUND });
    }
    expect((await harness.call(GetDocument, { id: documentId }, world.owner)).tags.unit_ids).toEqual([mine.unitId]);
    expect((await harness.call(GetDocument, { id: documentId }, world.owner)).tags.building_ids).toEqual([]);
  });

  it('refuses a viewer (403); a location the caller only views cannot be a tag (403)', async () => {
    expect(await harness.outcome(harness.call(UpdateDocumentTags, { id: documentId, unit_ids: [] }, world.partners.VIEWER))).toBe(403);
    await harness.share(other.owner, other.locationId, 'VIEWER', world.owner);
    expect(await harness.outcome(harness.call(UpdateDocumentTags, { id: documentId, property_location_ids: [other.locationId] }, world.owner))).toBe(403);
  });
});

describe('filing an upload under a building, unit or tenant', () => {
  it('takes those of the document\'s location, and refuses others with 400 before anything is filed', async () => {
    const file = await harness.storeFile(pdf(), 'inspection.pdf');
    const ok = await harness.call(RegisterUploadedDocument, { file, location_ids: [world.locationId], building_id: mine.buildingId, unit_id: mine.unitId, tenant_id: mine.tenantId }, world.owner);
    expect(ok.documents[0]!.document).toMatchObject({ building_id: mine.buildingId, unit_id: mine.unitId, tenant_id: mine.tenantId });
    for (const entity of [{ building_id: theirs.buildingId }, { unit_id: theirs.unitId }, { tenant_id: theirs.tenantId }, { tenant_id: 'unknown' }]) {
      const refused = await harness.storeFile(pdf(), 'refused.pdf');
      expect(await harness.failure(harness.call(RegisterUploadedDocument, { file: refused, location_ids: [world.locationId], ...entity }, world.owner))).toEqual({
        status: 400,
        message: 'A building, unit or tenant must be of the same property location',
      });
      expect(await harness.row(`select 1 from ${harness.table('document')} where storage_key = $1`, [refused.key])).toBeUndefined();
    }
    const pending = await harness.storeFile(pdf(), 'pending.pdf');
    expect((await harness.failure(harness.call(RegisterUploadedDocument, { file: pending, building_id: mine.buildingId }, world.owner))).status).toBe(400);
    const tagged = await harness.storeFile(pdf(), 'tagged.pdf');
    expect(await harness.failure(harness.call(RegisterUploadedDocument, { file: tagged, location_ids: [world.locationId], tags: { tenant_ids: ['no-such-tenant'] } }, world.owner))).toEqual({ status: 404, message: TAG_TARGET_NOT_FOUND });
    // The other account's location is only viewed by this caller (shared above): its tenant cannot be a tag.
    expect(await harness.outcome(harness.call(RegisterUploadedDocument, { file: tagged, location_ids: [world.locationId], tags: { tenant_ids: [theirs.tenantId] } }, world.owner))).toBe(403);
  });
});
