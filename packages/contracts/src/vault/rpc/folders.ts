import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { PAGE_LIMIT_MAX, pageRequestFields, pageSchema } from '../../page.js';
import { IdRefSchema, limits, optionalLine, requiredLine } from '../../portfolio/validation.js';
import { DocumentSchema, FolderSchema, SYSTEM_FOLDER_READ_ONLY, documentFixture, folderFixture, vaultLimits } from '../documents.js';
import { DOCUMENT_NOT_FOUND, FOLDER_NOT_FOUND, SortOrderSchema, VaultSortSchema, documentIdList } from './documents.js';

/** Spec 001 §5 and §8: the folder form's message and the vault's toasts, as the server words them. */
export const FOLDER_NAME_REQUIRED = 'Folder name is required';
export const FOLDER_DELETED = 'Folder deleted successfully';
export const DOCUMENT_MOVED = 'Document moved successfully';
export const DOCUMENT_ASSIGNED_TO_FOLDER = 'Document assigned to folder successfully';
/** Our own words where the spec is silent. */
export const SYSTEM_FOLDER_NOT_DELETABLE = 'System folders cannot be deleted';
export const SYSTEM_FOLDER_NO_SUBFOLDERS = 'System folders cannot hold new subfolders';
export const FOLDER_NOT_EMPTY = 'This folder is not empty. Move or delete its documents and folders first.';
export const FOLDER_NAME_TAKEN = 'A folder with this name already exists here';
export const FOLDER_TOO_DEEP = `Folders can be nested at most ${vaultLimits.folderDepth} levels deep`;
export const FOLDER_LOCATION_REQUIRED = 'Property location is required';
export const FOLDER_OTHER_LOCATION = 'Documents can only be filed into a folder of their own property location';
const LOCATION_NOT_FOUND = 'Property location not found';

/**
 * POST document-folders: a folder at the location's top level, or inside `parent_folder_id` (which decides the
 * location; `property_location_id` must then name the same one, or be left out). `document:write`. A system folder
 * takes no subfolders; names are unique among siblings whatever their case (409).
 */
export const CreateFolder = defineRpc({
  subject: 'pm.rpc.vault.folder.create.v1',
  description: '201, the folder; `parent_folder_id` decides the location, `property_location_id` for the top level; takes `Idempotency-Key`',
  access: 'document:write',
  http: { method: 'POST', path: 'document-folders', status: 201, idempotent: true },
  errors: {
    400: [FOLDER_NAME_REQUIRED, FOLDER_LOCATION_REQUIRED, FOLDER_TOO_DEEP, 'Parent folder must be in the same property location'],
    404: [LOCATION_NOT_FOUND, FOLDER_NOT_FOUND],
    409: [SYSTEM_FOLDER_NO_SUBFOLDERS, FOLDER_NAME_TAKEN],
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({
    name: requiredLine('Folder name', vaultLimits.folderName, { required: FOLDER_NAME_REQUIRED }),
    description: optionalLine('Description', vaultLimits.folderDescription, { multiline: true }),
    parent_folder_id: IdRefSchema.nullish(),
    property_location_id: IdRefSchema.nullish(),
  }),
  response: FolderSchema,
  fixture: {
    request: { name: folderFixture.name, description: folderFixture.description, parent_folder_id: null, property_location_id: folderFixture.property_location_id },
    response: { ...folderFixture, document_count: 0, total_document_count: 0 },
  },
});

/** GET document-folders/{id}/hierarchy: the folder's path from the location's top level down to it (the breadcrumb after "My Vault"). */
export const GetFolderHierarchy = defineRpc({
  subject: 'pm.rpc.vault.folder.hierarchy.v1',
  description: 'the folder\'s path from the location\'s top level down to it (the web puts "My Vault" first)',
  access: 'document:read',
  http: { method: 'GET', path: 'document-folders/:id/hierarchy' },
  errors: { 404: FOLDER_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ hierarchy: z.array(FolderSchema).max(vaultLimits.folderDepth + 1) }),
  fixture: { request: { id: folderFixture.id }, response: { hierarchy: [folderFixture] } },
});

const contentsRequest = {
  sort: VaultSortSchema,
  order: SortOrderSchema,
  ...pageRequestFields,
};
/**
 * A folder's (or a location's top level) contents: every subfolder (by name, with its document counts) and a page of
 * its documents in the order asked; the next pages with `cursor`. Deleted documents are not listed.
 */
const ContentsSchema = z.object({
  folder: FolderSchema.nullable(),
  folders: z.array(FolderSchema),
  documents: pageSchema(DocumentSchema),
});
const contentsErrors = ['Sort must be one of created_at, name, size, status, category', 'Order must be asc or desc', 'Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`];

/** GET document-folders/{id}/contents (`document:read`). */
export const GetFolderContents = defineRpc({
  subject: 'pm.rpc.vault.folder.contents.v1',
  description: '`{ folder, folders, documents }` as above',
  access: 'document:read',
  http: { method: 'GET', path: 'document-folders/:id/contents' },
  errors: { 400: contentsErrors, 404: FOLDER_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, ...contentsRequest }),
  response: ContentsSchema,
  fixture: {
    request: { id: folderFixture.id, sort: 'name', order: 'asc', limit: 50 },
    response: { folder: folderFixture, folders: [], documents: { items: [{ ...documentFixture, folder_id: folderFixture.id }], next_cursor: null, total: 1 } },
  },
});

/** GET document-folders/root/contents?property_location_id=: the location's top level (`document:read`). */
export const GetRootFolderContents = defineRpc({
  subject: 'pm.rpc.vault.folder.root-contents.v1',
  description: '`{ folder, folders, documents }` as above',
  access: 'document:read',
  http: { method: 'GET', path: 'document-folders/root/contents' },
  errors: { 400: [FOLDER_LOCATION_REQUIRED, ...contentsErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ property_location_id: requiredLine('Property location', limits.id, { required: FOLDER_LOCATION_REQUIRED }), ...contentsRequest }),
  response: ContentsSchema,
  fixture: {
    request: { property_location_id: folderFixture.property_location_id!, sort: 'created_at', order: 'desc', limit: 50 },
    response: { folder: null, folders: [folderFixture], documents: { items: [documentFixture], next_cursor: null, total: 1 } },
  },
});

/**
 * DELETE document-folders/{id}: removes an empty folder (`document:write`). A folder that still holds documents or
 * folders is refused with 409, so a delete never loses a document silently: the person moves or deletes them first.
 * System folders are never deleted (409).
 */
export const DeleteFolder = defineRpc({
  subject: 'pm.rpc.vault.folder.delete.v1',
  description: 'an **empty** folder only; one holding documents or folders answers 409 "This folder is not empty. Move or delete its documents and folders first." (a delete never loses a document silently)',
  access: 'document:write',
  http: { method: 'DELETE', path: 'document-folders/:id' },
  errors: { 404: FOLDER_NOT_FOUND, 409: [SYSTEM_FOLDER_NOT_DELETABLE, FOLDER_NOT_EMPTY], 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ message: z.literal(FOLDER_DELETED) }),
  fixture: { request: { id: folderFixture.id }, response: { message: FOLDER_DELETED } },
});

/**
 * POST document-folders/move-documents: files documents into a folder of their location, or at its top level with
 * `folder_id` null (`document:write` on each document's location). Nothing is moved unless every document can be.
 * A system folder takes no documents by hand (409); documents may be moved out of one.
 */
export const MoveDocumentsToFolder = defineRpc({
  subject: 'pm.rpc.vault.folder.move-documents.v1',
  description: 'files documents into a folder of their own location (`folder_id` null = top level; 400 otherwise); every document is checked before any moves',
  access: 'document:write',
  http: { method: 'POST', path: 'document-folders/move-documents' },
  errors: { 400: [FOLDER_OTHER_LOCATION, 'Select at least one document'], 404: [DOCUMENT_NOT_FOUND, FOLDER_NOT_FOUND], 409: SYSTEM_FOLDER_READ_ONLY, 403: ACCESS_FORBIDDEN },
  request: z.object({
    document_ids: documentIdList('documents').min(1, 'Select at least one document').transform((ids) => [...new Set(ids)]),
    folder_id: IdRefSchema.nullable(),
  }),
  response: z.object({ message: z.literal(DOCUMENT_MOVED), moved_documents_count: z.number().int().nonnegative() }),
  fixture: { request: { document_ids: [documentFixture.id], folder_id: folderFixture.id }, response: { message: DOCUMENT_MOVED, moved_documents_count: 1 } },
});

/** POST document/{id}/assign-folder: one document into a folder of its location, or its top level (null). */
export const AssignDocumentFolder = defineRpc({
  subject: 'pm.rpc.vault.document.assign-folder.v1',
  description: 'files documents into a folder of their own location (`folder_id` null = top level; 400 otherwise); every document is checked before any moves',
  access: 'document:write',
  http: { method: 'POST', path: 'document/:id/assign-folder' },
  errors: { 400: FOLDER_OTHER_LOCATION, 404: [DOCUMENT_NOT_FOUND, FOLDER_NOT_FOUND], 409: SYSTEM_FOLDER_READ_ONLY, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, folder_id: IdRefSchema.nullable() }),
  response: z.object({ message: z.literal(DOCUMENT_ASSIGNED_TO_FOLDER), document: DocumentSchema }),
  fixture: {
    request: { id: documentFixture.id, folder_id: folderFixture.id },
    response: { message: DOCUMENT_ASSIGNED_TO_FOLDER, document: { ...documentFixture, folder_id: folderFixture.id } },
  },
});
