import { z } from 'zod';
import { planLimitMessages, planOf } from '../../payments/plans.js';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { PAGE_LIMIT_MAX, pageRequestFields, pageSchema } from '../../page.js';
import { queryChoiceOr } from '../../query-choice.js';
import { IdRefSchema, limits, line } from '../../portfolio/validation.js';
import { rawText } from '../../text.js';
import {
  DOCUMENT_CATEGORIES,
  DocumentCategoryIdSchema,
  DocumentCategorySchema,
  DocumentDataTypeSchema,
  DocumentSchema,
  DocumentSourceSchema,
  DocumentStatusSchema,
  DocumentTagsSchema,
  SYSTEM_FOLDER_READ_ONLY,
  TAG_TARGET_NOT_FOUND,
  documentFixture,
  vaultLimits,
} from '../documents.js';

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const FOLDER_NOT_FOUND = 'Folder not found';
const LOCATION_NOT_FOUND = 'Property location not found';
const pageErrors = ['Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`];

/** The content types the vault takes (spec 001 §5: pdf, doc, docx, xml and common images), as `@pm/files` sniffs them. */
export const VAULT_ACCEPTED_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/xml',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/tiff',
] as const;
/** MinIO key prefix of the vault's files; the rest of a key is a UUIDv7, never a file name. */
export const VAULT_FILE_PREFIX = 'vault/documents';

/**
 * A file the BFF stored while reading the upload (its key under `vault/documents/`, never chosen by the browser), with
 * the sender's file name (display only, sanitised by the vault), the sniffed type, size and sha256.
 */
export const StoredDocumentFileSchema = z.object({
  key: z.string().regex(/^vault\/documents\/[0-9a-f-]{36}$/, 'Documents must be uploaded with the form'),
  file_name: rawText('File name', 1_000).min(1, 'File name is required'),
  content_type: z.enum(VAULT_ACCEPTED_TYPES, { error: 'This file type cannot be uploaded' }),
  size: z.number().int().nonnegative().max(vaultLimits.documentBytes),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Documents must be uploaded with the form'),
});
export type StoredDocumentFile = z.infer<typeof StoredDocumentFileSchema>;

/** A list of ids one request acts on (a move, a delete, a tag set), bounded. */
export const documentIdList = (label: string) => z.array(IdRefSchema).max(vaultLimits.idsPerRequest, `At most ${vaultLimits.idsPerRequest} ${label} at once`);

/**
 * Files a stored upload as documents: one per location named (the same bytes already in a location are not stored
 * again: that location answers its existing document, `duplicate: true`), or one waiting in Pending Location
 * Assignment when none is named. Not bound to HTTP: the BFF's upload stream (`document/v2/upload-stream`) and the
 * entity upload call it after storing the file. `document:write` on every location named; a folder, building, unit
 * or tenant must be of that location, every tag of a location the caller may write to. The file's object is removed by the vault when nothing refers to it.
 */
export const RegisterUploadedDocument = defineRpc({
  subject: 'pm.rpc.vault.document.register.v1',
  access: 'document:write',
  // The upload stream forwards the client's Idempotency-Key: a retried upload answers the first one's documents.
  idempotent: { storedFileField: 'file' },
  errors: {
    400: ['Folder must be in the same property location', 'A building, unit or tenant must be of the same property location', 'Upload to at most 20 property locations at once'],
    404: [LOCATION_NOT_FOUND, FOLDER_NOT_FOUND, TAG_TARGET_NOT_FOUND],
    // And past the plan's storage (code `plan_limit`).
    409: [SYSTEM_FOLDER_READ_ONLY, planLimitMessages.storage(planOf('starter'))],
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({
    file: StoredDocumentFileSchema,
    source: DocumentSourceSchema.exclude(['email']).default('upload'),
    data_type: DocumentDataTypeSchema.default('document'),
    location_ids: z.array(IdRefSchema).max(20, 'Upload to at most 20 property locations at once').default([]),
    folder_id: IdRefSchema.nullish(),
    category_id: DocumentCategoryIdSchema.nullish(),
    building_id: IdRefSchema.nullish(),
    unit_id: IdRefSchema.nullish(),
    tenant_id: IdRefSchema.nullish(),
    tags: DocumentTagsSchema.partial().optional(),
  }),
  response: z.object({ documents: z.array(z.object({ document: DocumentSchema, duplicate: z.boolean() })) }),
  fixture: {
    request: {
      file: { key: 'vault/documents/01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e03', file_name: documentFixture.original_name, content_type: 'application/pdf', size: 48_213, sha256: documentFixture.metadata.sha256 },
      location_ids: [documentFixture.property_location_id!],
      category_id: 2,
    },
    response: { documents: [{ document: { ...documentFixture, status: 'PROCESSING', progress: 0 }, duplicate: false }] },
  },
});

/** GET document/{id}: one document (`document:read` on its location; a pending one is its account's). */
export const GetDocument = defineRpc({
  subject: 'pm.rpc.vault.document.get.v1',
  access: 'document:read',
  http: { method: 'GET', path: 'document/:id' },
  errors: { 404: DOCUMENT_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: DocumentSchema,
  fixture: { request: { id: documentFixture.id }, response: documentFixture },
});

/** GET document/categories: the product's document categories (the same for everyone). */
export const ListDocumentCategories = defineRpc({
  subject: 'pm.rpc.vault.document-category.list.v1',
  http: { method: 'GET', path: 'document/categories' },
  request: z.object({}),
  response: z.array(DocumentCategorySchema),
  fixture: { request: {}, response: DOCUMENT_CATEGORIES.map((category) => ({ ...category })) },
});

export const VaultSortSchema = queryChoiceOr(['created_at', 'name', 'size', 'status', 'category'], 'Sort must be one of created_at, name, size, status, category', 'created_at');
export const SortOrderSchema = queryChoiceOr(['asc', 'desc'], 'Order must be asc or desc', 'desc');

/**
 * GET vault/documents: a page of documents. With `property_location_id`, that location's (`document:read`); without
 * it, every location the caller reaches plus their account's pending documents (the home-owner's Documents list).
 * `folder_id` narrows to one folder ('root' for the location's top level), `search` to names and extracted text
 * (full-text), `status` and `category_id` filter; `pending_location=true` lists Pending Location Assignment.
 */
export const ListVaultDocuments = defineRpc({
  subject: 'pm.rpc.vault.document.list.v1',
  // With property_location_id: that location's documents; without it, the caller's reachable ones (never another's).
  access: 'document:read',
  http: { method: 'GET', path: 'vault/documents' },
  errors: { 400: ['Sort must be one of created_at, name, size, status, category', 'Order must be asc or desc', ...pageErrors], 404: [LOCATION_NOT_FOUND, FOLDER_NOT_FOUND], 403: ACCESS_FORBIDDEN },
  request: z.object({
    property_location_id: IdRefSchema.optional(),
    folder_id: IdRefSchema.optional(),
    search: line('Search', limits.search).optional(),
    // `?status=` is read as not given by the BFF, as `?category_id=`: documented as allowed.
    status: z.union([z.literal('').transform(() => undefined), DocumentStatusSchema]).optional(),
    // The BFF reads `?category_id=` as not given (contracts/http.ts); documented as allowed, read as no filter.
    category_id: z.union([z.literal('').transform(() => undefined), DocumentCategoryIdSchema]).optional(),
    pending_location: z.boolean().optional(),
    sort: VaultSortSchema,
    order: SortOrderSchema,
    ...pageRequestFields,
  }),
  response: pageSchema(DocumentSchema),
  fixture: { request: { property_location_id: documentFixture.property_location_id!, sort: 'created_at', order: 'desc', limit: 50 }, response: { items: [documentFixture], next_cursor: null, total: 1 } },
});
