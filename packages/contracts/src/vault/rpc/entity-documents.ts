import { z } from 'zod';
import { planLimitMessages, planOf } from '../../payments/plans.js';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc, type MultipartBinding } from '../../define.js';
import { PAGE_LIMIT_MAX, pageRequestFields, pageSchema } from '../../page.js';
import { IdRefSchema, SelectedLocationSchema } from '../../portfolio/validation.js';
import { DocumentCategoryIdSchema, DocumentDataTypeSchema, DocumentSchema, documentFixture, vaultLimits } from '../documents.js';
import { SortOrderSchema, StoredDocumentFileSchema, VAULT_ACCEPTED_TYPES, VAULT_FILE_PREFIX, VaultSortSchema } from './documents.js';

/** Our own words where the spec is silent. */
export const ENTITY_FILE_REQUIRED = 'Choose a file to upload';
const BUILDING_NOT_FOUND = 'Building not found';
const UNIT_NOT_FOUND = 'Unit not found';
const TENANT_NOT_FOUND = 'Tenant not found';
export const CONTACT_NOT_FOUND = 'Contact not found';

/**
 * The file of an entity's Documents tab upload (spec 001 §7 `{entityType}/{entityId}/document`, multipart field
 * `file`): streamed into MinIO by the BFF under `vault/documents/` while the form is read, sniffed, size-limited.
 */
export const entityDocumentBinding: MultipartBinding = {
  field: 'file',
  prefix: VAULT_FILE_PREFIX,
  maxFiles: 1,
  maxFileBytes: vaultLimits.documentBytes,
  accept: VAULT_ACCEPTED_TYPES,
};

/** What an entity's or a contact's upload form carries beside whom it is for. */
const entityUploadFields = {
  // An empty form reaches the use case (the router stores what it is sent), which answers ENTITY_FILE_REQUIRED; the
  // API description says so with minItems.
  file: z.array(StoredDocumentFileSchema, { error: ENTITY_FILE_REQUIRED }).max(1, 'Upload one file at a time').meta({ minItems: 1 }),
  category_id: DocumentCategoryIdSchema.optional(),
  data_type: DocumentDataTypeSchema.default('document'),
};
/** The document filed, or the location's existing one with the same bytes (`duplicate`), now linked too. */
const EntityUploadResponseSchema = z.object({ document: DocumentSchema, duplicate: z.boolean() });

const listErrors = ['Sort must be one of created_at, name, size, status, category', 'Order must be asc or desc', 'Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`];
const entityIds = { building: documentFixture.building_id!, unit: documentFixture.unit_id!, tenant: documentFixture.tenant_id! } as const;

/**
 * The router takes fixed path segments only, so each entity type has its own pair of contracts (one definition
 * below): GET lists the documents filed under the entity or tagged with it (`document:read` on its location); POST
 * files one uploaded file under it (`document:write`), with its building and unit when it is a unit or a tenant. The
 * same file already in the location is not stored twice: the existing document is tagged with the entity and
 * answered with `duplicate: true`.
 */
function entityDocumentContracts<T extends 'building' | 'unit' | 'tenant'>(type: T, notFound: string) {
  const list = defineRpc({
    subject: `pm.rpc.vault.${type}-document.list.v1`,
    description: 'a page of the documents filed under the entity or tagged with it',
    access: 'document:read',
    http: { method: 'GET', path: `${type}/:id/document` },
    errors: { 400: listErrors, 404: notFound, 403: ACCESS_FORBIDDEN },
    request: z.object({ id: IdRefSchema, sort: VaultSortSchema, order: SortOrderSchema, ...pageRequestFields }),
    response: pageSchema(DocumentSchema),
    fixture: { request: { id: entityIds[type], sort: 'created_at', order: 'desc', limit: 50 }, response: { items: [documentFixture], next_cursor: null, total: 1 } },
  });
  const upload = defineRpc({
    subject: `pm.rpc.vault.${type}-document.upload.v1`,
    description: 'streamed by the BFF into `vault/documents/` with the vault\'s accepted types and size limit; 201; takes `Idempotency-Key`. An unknown entity, or one of another account: 404 "Building not found" / "Unit not found" / "Tenant not found"',
    access: 'document:write',
    http: { method: 'POST', path: `${type}/:id/document`, status: 201, idempotent: true, multipart: entityDocumentBinding },
    errors: { 400: [ENTITY_FILE_REQUIRED, 'Upload one file at a time', 'Category must be one of the document categories'], 404: notFound, 403: ACCESS_FORBIDDEN, 409: planLimitMessages.storage(planOf('starter')) },
    request: z.object({ id: IdRefSchema, ...entityUploadFields }),
    response: EntityUploadResponseSchema,
    fixture: {
      request: {
        id: entityIds[type],
        file: [{ key: 'vault/documents/01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e03', file_name: documentFixture.original_name, content_type: 'application/pdf', size: 48_213, sha256: documentFixture.metadata.sha256 }],
      },
      response: { document: { ...documentFixture, status: 'PROCESSING', progress: 0 }, duplicate: false },
    },
  });
  return { list, upload };
}

const building = entityDocumentContracts('building', BUILDING_NOT_FOUND);
const unit = entityDocumentContracts('unit', UNIT_NOT_FOUND);
const tenant = entityDocumentContracts('tenant', TENANT_NOT_FOUND);

/** GET building/{id}/document. */
export const ListBuildingDocuments = building.list;
/** POST building/{id}/document (multipart, field `file`). */
export const UploadBuildingDocument = building.upload;
/** GET unit/{id}/document. */
export const ListUnitDocuments = unit.list;
/** POST unit/{id}/document (multipart, field `file`). */
export const UploadUnitDocument = unit.upload;
/** GET tenant/{id}/document. */
export const ListTenantDocuments = tenant.list;
/** POST tenant/{id}/document (multipart, field `file`). */
export const UploadTenantDocument = tenant.upload;

/**
 * A contact's documents (spec 002 §7 `GET contacts/{contactId}/documents?location_id=`): a contact (a plumber, the
 * HOA) belongs to one or more locations, documents to one, so the selected location says which of its documents are
 * listed: those of that location linked to the contact. `document:read` there; a contact the vault does not know at
 * that location (another account's, not one of its locations, deleted) is 404 "Contact not found".
 */
export const ListContactDocuments = defineRpc({
  subject: 'pm.rpc.vault.contact-document.list.v1',
  // A contact's documents at the selected location (the contact must be one of its contacts).
  access: 'document:read',
  http: { method: 'GET', path: 'contacts/:id/documents' },
  errors: { 400: ['No location selected', ...listErrors], 404: CONTACT_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, location_id: SelectedLocationSchema, sort: VaultSortSchema, order: SortOrderSchema, ...pageRequestFields }),
  response: pageSchema(DocumentSchema),
  fixture: {
    request: { id: '01936f6e-c3d4-7e5f-8a6b-7c8d9e0f1a2b', location_id: documentFixture.property_location_id!, sort: 'created_at', order: 'desc', limit: 50 },
    response: { items: [documentFixture], next_cursor: null, total: 1 },
  },
});

/**
 * POST contacts/{contactId}/documents?location_id= (multipart, field `file`): a file filed at the selected location
 * and linked to the contact (`document:write` there). The same file already in the location is not stored twice: the
 * existing document is linked and answered with `duplicate: true`.
 */
export const UploadContactDocument = defineRpc({
  subject: 'pm.rpc.vault.contact-document.upload.v1',
  access: 'document:write',
  http: { method: 'POST', path: 'contacts/:id/documents', status: 201, idempotent: true, multipart: entityDocumentBinding },
  errors: { 400: ['No location selected', ENTITY_FILE_REQUIRED, 'Upload one file at a time', 'Category must be one of the document categories'], 404: CONTACT_NOT_FOUND, 403: ACCESS_FORBIDDEN, 409: planLimitMessages.storage(planOf('starter')) },
  request: z.object({ id: IdRefSchema, location_id: SelectedLocationSchema, ...entityUploadFields }),
  response: EntityUploadResponseSchema,
  fixture: {
    request: {
      id: '01936f6e-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
      location_id: documentFixture.property_location_id!,
      file: [{ key: 'vault/documents/01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e04', file_name: 'Rivera Plumbing - insurance certificate.pdf', content_type: 'application/pdf', size: 48_213, sha256: documentFixture.metadata.sha256 }],
    },
    response: { document: { ...documentFixture, status: 'PROCESSING', progress: 0 }, duplicate: false },
  },
});
