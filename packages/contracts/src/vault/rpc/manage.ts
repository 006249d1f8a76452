import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema, limits, requiredLine } from '../../portfolio/validation.js';
import { DocumentCategoryIdSchema, DocumentNameSchema, DocumentSchema, documentFixture, folderFixture } from '../documents.js';
import { DOCUMENT_NOT_FOUND, FOLDER_NOT_FOUND, documentIdList } from './documents.js';

/** Spec 001 §8 toasts and infos of the vault, as the server words them. */
export const DOCUMENT_RENAMED = 'Document renamed successfully.';
export const DOCUMENT_CATEGORY_UPDATED = 'Document category updated successfully';
export const DOCUMENT_DELETED = 'Document deleted successfully';
export const SOURCE_LOCATION_REQUIRED = 'Source property location is required.';
export const ALREADY_IN_THIS_PROPERTY = 'Item is already in this property';
/** Our own words where the spec is silent. */
export const TARGET_LOCATION_REQUIRED = 'Target property location is required.';
export const DOCUMENT_NOT_PENDING = 'This document already has a property location';
export const DUPLICATE_IN_TARGET = 'The same file is already in that property location';
export const SYSTEM_FOLDER_NOT_MOVABLE = 'System folders cannot be moved';
export const FOLDER_NAME_TAKEN_IN_TARGET = 'A folder with this name already exists at the top of that property location';
export const DOCUMENT_LOCATION_ASSIGNED = 'Document assigned to the property location';
const LOCATION_NOT_FOUND = 'Property location not found';

/** PUT document/{id}/rename (`document:write`). The name is shown as given; the stored file keeps its own key. */
export const RenameDocument = defineRpc({
  subject: 'pm.rpc.vault.document.rename.v1',
  description: '"Document renamed successfully."; the name is sanitised as an upload\'s, the stored object keeps its key',
  access: 'document:write',
  http: { method: 'PUT', path: 'document/:id/rename' },
  errors: { 400: ['Name is required'], 404: DOCUMENT_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, name: DocumentNameSchema }),
  response: z.object({ message: z.literal(DOCUMENT_RENAMED), document: DocumentSchema }),
  fixture: {
    request: { id: documentFixture.id, name: 'Lease 2B (signed).pdf' },
    response: { message: DOCUMENT_RENAMED, document: { ...documentFixture, original_name: 'Lease 2B (signed).pdf' } },
  },
});

/**
 * PATCH document/{id}/category (`document:write`; `id` is the document, `category` the category's id). The category
 * becomes a person's choice: the AI's categorisation never overrides it. Recorded with DocumentStatusChanged (status
 * unchanged), whose `categoryId` other contexts follow (a processed document recategorised as a Lease counts for
 * onboarding).
 */
export const UpdateDocumentCategory = defineRpc({
  subject: 'pm.rpc.vault.document-category.set.v1',
  description: 'a category id; "Document category updated successfully"',
  access: 'document:write',
  http: { method: 'PATCH', path: 'document/:id/category' },
  errors: { 400: 'Category must be one of the document categories', 404: DOCUMENT_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, category: DocumentCategoryIdSchema }),
  response: z.object({ message: z.literal(DOCUMENT_CATEGORY_UPDATED), document: DocumentSchema }),
  fixture: {
    request: { id: documentFixture.id, category: 3 },
    response: { message: DOCUMENT_CATEGORY_UPDATED, document: { ...documentFixture, category: { id: 3, name: 'Inspection Report' }, category_id: 3 } },
  },
});

/**
 * DELETE vault/documents/{documentId} (`document:write`): the document goes DELETING then DELETED (each recorded with
 * DocumentStatusChanged, so lists drop it live), leaves every list and search, and frees its place for the same file
 * to be uploaded again. Its file is removed from storage once no other document refers to it (the same bytes filed in
 * another location share one object).
 */
export const DeleteDocument = defineRpc({
  subject: 'pm.rpc.vault.document.delete.v1',
  description: '"Document deleted successfully"',
  access: 'document:write',
  http: { method: 'DELETE', path: 'vault/documents/:documentId' },
  errors: { 404: DOCUMENT_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ documentId: IdRefSchema }),
  response: z.object({ message: z.literal(DOCUMENT_DELETED) }),
  fixture: { request: { documentId: documentFixture.id }, response: { message: DOCUMENT_DELETED } },
});

const moveLocations = {
  source_property_location_id: requiredLine('Source property location', limits.id, { required: SOURCE_LOCATION_REQUIRED }),
  target_property_location_id: requiredLine('Target property location', limits.id, { required: TARGET_LOCATION_REQUIRED }),
};
const sameLocation = (request: { source_property_location_id: string; target_property_location_id: string }) =>
  request.source_property_location_id.toLowerCase() !== request.target_property_location_id.toLowerCase();

/**
 * POST document/move-between-properties (`document:write` on both locations). Every document must be of the source
 * location. Moved documents land at the target's top level, their building, unit and tenant (which belong to the
 * source) cleared. A document whose bytes the target already has is left where it is and counted in
 * `skipped_duplicates_count` (a location keeps one copy of a file). Calendar events follow once the calendar exists.
 */
export const MoveDocumentsBetweenProperties = defineRpc({
  subject: 'pm.rpc.vault.document.move-between-properties.v1',
  description: '`document:write` on both locations; `moved_documents_count`, `skipped_duplicates_count`, `updated_calendar_events_count` (0 until the calendar exists); 400 "Source property location is required.", the same location 400 "Item is already in this property"',
  // Moves between properties need document:write on both the source and the target.
  access: 'document:write',
  http: { method: 'POST', path: 'document/move-between-properties' },
  errors: { 400: [SOURCE_LOCATION_REQUIRED, TARGET_LOCATION_REQUIRED, ALREADY_IN_THIS_PROPERTY, 'Select at least one document'], 404: [LOCATION_NOT_FOUND, DOCUMENT_NOT_FOUND], 403: ACCESS_FORBIDDEN },
  request: z
    .object({ document_ids: documentIdList('documents').min(1, 'Select at least one document').transform((ids) => [...new Set(ids)]), ...moveLocations })
    .refine(sameLocation, { message: ALREADY_IN_THIS_PROPERTY, path: ['target_property_location_id'] }),
  response: z.object({
    moved_documents_count: z.number().int().nonnegative(),
    skipped_duplicates_count: z.number().int().nonnegative(),
    updated_calendar_events_count: z.number().int().nonnegative(),
  }),
  fixture: {
    request: { document_ids: [documentFixture.id], source_property_location_id: documentFixture.property_location_id!, target_property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b99' },
    response: { moved_documents_count: 1, skipped_duplicates_count: 0, updated_calendar_events_count: 0 },
  },
});

/**
 * POST document/move-folders-between-properties (`document:write` on both): each folder with its whole subtree and
 * documents, to the target's top level. A top folder whose name the target's top level has already is refused (409),
 * as are system folders; documents whose bytes the target has stay in the source, at its top level, and are counted.
 */
export const MoveFoldersBetweenProperties = defineRpc({
  subject: 'pm.rpc.vault.folder.move-between-properties.v1',
  description: '`document:write` on both locations; the same counts and `moved_folders_count`',
  access: 'document:write',
  http: { method: 'POST', path: 'document/move-folders-between-properties' },
  errors: {
    400: [SOURCE_LOCATION_REQUIRED, TARGET_LOCATION_REQUIRED, ALREADY_IN_THIS_PROPERTY, 'Select at least one folder'],
    404: [LOCATION_NOT_FOUND, FOLDER_NOT_FOUND],
    409: [SYSTEM_FOLDER_NOT_MOVABLE, FOLDER_NAME_TAKEN_IN_TARGET],
    403: ACCESS_FORBIDDEN,
  },
  request: z
    .object({ folder_ids: documentIdList('folders').min(1, 'Select at least one folder').transform((ids) => [...new Set(ids)]), ...moveLocations })
    .refine(sameLocation, { message: ALREADY_IN_THIS_PROPERTY, path: ['target_property_location_id'] }),
  response: z.object({
    moved_folders_count: z.number().int().nonnegative(),
    moved_documents_count: z.number().int().nonnegative(),
    skipped_duplicates_count: z.number().int().nonnegative(),
    updated_calendar_events_count: z.number().int().nonnegative(),
  }),
  fixture: {
    request: { folder_ids: [folderFixture.id], source_property_location_id: folderFixture.property_location_id!, target_property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b99' },
    response: { moved_folders_count: 1, moved_documents_count: 4, skipped_duplicates_count: 0, updated_calendar_events_count: 0 },
  },
});

/**
 * POST document/{id}/assign-location: gives a document waiting in Pending Location Assignment (its account's) a
 * location (`document:write` there), at its top level. When that location already has the same file, 409.
 */
export const AssignDocumentLocation = defineRpc({
  subject: 'pm.rpc.vault.document.assign-location.v1',
  description: "`document:write` on the location given; Pending Location Assignment: a document of the caller's account that has no location gets one, at its top level; a located document answers 409, and so does a location that already has the same file",
  access: 'document:write',
  http: { method: 'POST', path: 'document/:id/assign-location' },
  errors: { 404: [DOCUMENT_NOT_FOUND, LOCATION_NOT_FOUND], 409: [DOCUMENT_NOT_PENDING, DUPLICATE_IN_TARGET], 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, property_location_id: IdRefSchema }),
  response: z.object({ message: z.literal(DOCUMENT_LOCATION_ASSIGNED), document: DocumentSchema }),
  fixture: {
    request: { id: documentFixture.id, property_location_id: documentFixture.property_location_id! },
    response: { message: DOCUMENT_LOCATION_ASSIGNED, document: documentFixture },
  },
});
