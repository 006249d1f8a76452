import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema, limits } from '../../portfolio/validation.js';
import { DocumentSchema, DocumentTagsSchema, TAG_TARGET_NOT_FOUND, documentFixture, vaultLimits } from '../documents.js';
import { DOCUMENT_NOT_FOUND } from './documents.js';

/** Our own words where the spec is silent. */
export const ENTITY_OF_OTHER_LOCATION = 'A building, unit or tenant must be of the same property location';
const LOCATION_NOT_FOUND = 'Property location not found';
const BUILDING_NOT_FOUND = 'Building not found';
const UNIT_NOT_FOUND = 'Unit not found';

/**
 * A list of ids in a query string: the parameter repeated (`?unit_ids=a&unit_ids=b`, see `queryStringOf`), which reads
 * back as one string when it is given once; absent reads as not given.
 */
const queryIdList = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z.array(IdRefSchema).max(vaultLimits.idsPerRequest, `At most ${vaultLimits.idsPerRequest} ids at once`).optional(),
);

export const TaggingBuildingSchema = z.object({ id: z.string(), name: z.string().max(limits.name), property_location_id: z.string() });
export const TaggingUnitSchema = z.object({ id: z.string(), name: z.string().max(limits.unitName), building_id: z.string(), property_location_id: z.string() });
export const TaggingTenantSchema = z.object({
  id: z.string(),
  full_name: z.string().max(limits.name),
  unit_id: z.string(),
  building_id: z.string(),
  property_location_id: z.string(),
  /** A past tenant. */
  archived: z.boolean(),
});
export const TaggingManagerSchema = z.object({ id: z.string(), full_name: z.string().max(limits.name), email: z.string().max(limits.email), role: z.enum(['ADMIN', 'MANAGER']) });

/**
 * GET vault/tagging-options: what documents can be tagged with. `property_location_ids` narrows to those locations
 * (each needs `document:read`), `building_ids` and `unit_ids` narrow units and tenants (each of such a location);
 * with none, every location the caller may read documents of. Property managers are the locations' partners in a
 * managing role (Admin, Manager). Tenants: current first, then past (archived) ones.
 */
export const GetTaggingOptions = defineRpc({
  subject: 'pm.rpc.vault.tagging-options.get.v1',
  description: "`document:read` on each location named; `buildings`, `units`, `tenants` (current first, then past ones, `archived: true`) and `propertyManagers` (the locations' partners in a managing role: Admin, Manager) of the locations named, or of every location the caller reads documents of",
  // Without ids: the buildings, units, tenants and managers of every location the caller reads documents of.
  access: 'document:read',
  http: { method: 'GET', path: 'vault/tagging-options' },
  errors: { 404: [LOCATION_NOT_FOUND, BUILDING_NOT_FOUND, UNIT_NOT_FOUND], 403: ACCESS_FORBIDDEN },
  request: z.object({ property_location_ids: queryIdList, building_ids: queryIdList, unit_ids: queryIdList }),
  response: z.object({
    buildings: z.array(TaggingBuildingSchema),
    units: z.array(TaggingUnitSchema),
    tenants: z.array(TaggingTenantSchema),
    propertyManagers: z.array(TaggingManagerSchema),
  }),
  fixture: {
    request: { property_location_ids: [documentFixture.property_location_id!] },
    response: {
      buildings: [{ id: documentFixture.building_id!, name: 'Building A', property_location_id: documentFixture.property_location_id! }],
      units: [{ id: documentFixture.unit_id!, name: '2B', building_id: documentFixture.building_id!, property_location_id: documentFixture.property_location_id! }],
      tenants: [{ id: documentFixture.tenant_id!, full_name: 'Maria Lopez', unit_id: documentFixture.unit_id!, building_id: documentFixture.building_id!, property_location_id: documentFixture.property_location_id!, archived: false }],
      propertyManagers: [{ id: '01937a13-4f5a-7b6c-8d2e-3f4a5b6c7d8e', full_name: 'Jordan Lee', email: 'jordan.lee@example.com', role: 'MANAGER' }],
    },
  },
});

/**
 * PUT vault/documents/{id}/tags (`document:write` on the document's location): replaces its tags with the five id
 * lists, de-duplicated. Every id must be found in a location the caller may write documents to: one of another
 * account, or unknown, answers 404 and nothing changes.
 */
export const UpdateDocumentTags = defineRpc({
  subject: 'pm.rpc.vault.document-tags.set.v1',
  description: "replaces the five id lists, de-duplicated; every id must be found in a location the caller may write documents to: another account's id answers 404 exactly as an unknown one, a location only viewed 403, and nothing changes",
  access: 'document:write',
  http: { method: 'PUT', path: 'vault/documents/:id/tags' },
  errors: { 404: [DOCUMENT_NOT_FOUND, TAG_TARGET_NOT_FOUND], 403: ACCESS_FORBIDDEN },
  request: z.object({
    id: IdRefSchema,
    property_location_ids: DocumentTagsSchema.shape.property_location_ids.default([]),
    building_ids: DocumentTagsSchema.shape.building_ids.default([]),
    unit_ids: DocumentTagsSchema.shape.unit_ids.default([]),
    tenant_ids: DocumentTagsSchema.shape.tenant_ids.default([]),
    property_manager_ids: DocumentTagsSchema.shape.property_manager_ids.default([]),
  }),
  response: DocumentSchema,
  fixture: {
    request: { id: documentFixture.id, building_ids: [documentFixture.building_id!], unit_ids: [documentFixture.unit_id!] },
    response: { ...documentFixture, tags: { ...documentFixture.tags, building_ids: [documentFixture.building_id!], unit_ids: [documentFixture.unit_id!] } },
  },
});
