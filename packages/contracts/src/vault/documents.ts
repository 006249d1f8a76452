import { z } from 'zod';
import { IdRefSchema, limits, requiredLine } from '../portfolio/validation.js';

/**
 * The vault's documents, folders and categories as the web app reads them (spec 001 §3 Document and Folder, §4
 * document status). Field names are the spec's (snake_case), so the screens read what the spec describes.
 */

/** Sizes and counts of the vault. Uploads are streamed, so the file limit bounds storage, never memory. */
export const vaultLimits = {
  /** One document: 2 GiB (the Free plan's whole storage), checked while the bytes arrive. */
  documentBytes: 2 * 1024 * 1024 * 1024,
  /** Reprocessing raises a document's attempt; far more than anyone asks for, small enough for any integer column. */
  attempts: 1_000,
  /** A document's name as shown (the uploader's file name, sanitised, or a rename). */
  documentName: 255,
  folderName: 100,
  folderDescription: 500,
  /** Ids in one tag set, per kind; one move or delete batch. */
  idsPerRequest: 200,
  /** Folders nest at most this deep under a location's root (breadcrumbs stay readable). */
  folderDepth: 10,
  search: limits.search,
} as const;

/** Spec 001 §3 Document statuses; DELETING and DELETED are the vault list's own while a delete runs (§4). */
export const DOCUMENT_STATUSES = ['NEW', 'PROCESSING', 'PENDING', 'READY', 'COMPLETED', 'PROCESSED', 'FAILED', 'DELETING', 'DELETED'] as const;
export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof DocumentStatusSchema>;

/**
 * The document categories, fixed by the product: the AI files a document into one of these only, never a new one.
 * Lease is id 2 (the onboarding checklist links to the vault with defaultCategoryId=2, spec 001 §2).
 */
export const DOCUMENT_CATEGORIES = [
  { id: 1, name: 'Other' },
  { id: 2, name: 'Lease' },
  { id: 3, name: 'Inspection Report' },
  { id: 4, name: 'Invoice' },
  { id: 5, name: 'Insurance' },
  { id: 6, name: 'Maintenance' },
  { id: 7, name: 'Tax' },
  { id: 8, name: 'Utility Bill' },
  { id: 9, name: 'Notice' },
  { id: 10, name: 'Photo' },
  { id: 11, name: 'Identification' },
  { id: 12, name: 'Contract' },
] as const;
export const OTHER_CATEGORY_ID = 1;
export const LEASE_CATEGORY_ID = 2;
export type DocumentCategoryId = (typeof DOCUMENT_CATEGORIES)[number]['id'];

export const DocumentCategorySchema = z.object({ id: z.number().int().min(1).max(1_000), name: z.string().min(1).max(100) });
export type DocumentCategory = z.infer<typeof DocumentCategorySchema>;

/**
 * A category id as a body, form or query sends it (a number, or its digits; never `true` or `1.5`): one of the
 * product's categories.
 */
const CATEGORY_ERROR = 'Category must be one of the document categories';
const categoryIds = DOCUMENT_CATEGORIES.map((category) => category.id);
export const DocumentCategoryIdSchema = z
  .union(
    [
      z.number({ error: CATEGORY_ERROR }).int(CATEGORY_ERROR).meta({ enum: categoryIds }),
      z.string().regex(/^\d{1,4}$/, CATEGORY_ERROR).meta({ pattern: `^0{0,3}(?:${categoryIds.join('|')})$`, maxLength: 4 }).transform(Number),
    ],
    { error: CATEGORY_ERROR },
  )
  .refine((id) => DOCUMENT_CATEGORIES.some((category) => category.id === id), CATEGORY_ERROR);

export const DocumentSourceSchema = z.enum(['upload', 'entity', 'email', 'cloud_drive', 'demo']);
export type DocumentSource = z.infer<typeof DocumentSourceSchema>;

/** Spec 001 §3 Upload options: data_type. */
export const DocumentDataTypeSchema = z.enum(['document', 'inspection_report', 'inventory_list', 'photos', 'other']);

/** Spec 002 §3 vault tagging: the people and places a document is about, besides its location. */
const tagIds = z.array(IdRefSchema).max(200, 'A document can have at most 200 tags of a kind');
export const DocumentTagsSchema = z.object({
  property_location_ids: tagIds,
  building_ids: tagIds,
  unit_ids: tagIds,
  tenant_ids: tagIds,
  property_manager_ids: tagIds,
});
export type DocumentTags = z.infer<typeof DocumentTagsSchema>;
export const NO_TAGS: DocumentTags = { property_location_ids: [], building_ids: [], unit_ids: [], tenant_ids: [], property_manager_ids: [] };

/** A name a person gives a document (rename): one line, no control or invisible characters. */
export const DocumentNameSchema = requiredLine('Name', vaultLimits.documentName);

export const DocumentSchema = z.object({
  id: z.string(),
  original_name: z.string().max(vaultLimits.documentName),
  mime_type: z.string().max(100),
  status: DocumentStatusSchema,
  /** The API path the file is read from (`document/doc/{id}`); the browser adds a download token (`?token=`). */
  file_path: z.string().max(200),
  size: z.number().int().nonnegative().max(vaultLimits.documentBytes),
  created_by: z.string().max(limits.id).nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** 0..100 while PROCESSING. */
  progress: z.number().int().min(0).max(100),
  metadata: z.object({
    source: DocumentSourceSchema,
    data_type: DocumentDataTypeSchema,
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    page_count: z.number().int().nonnegative().nullable(),
    /** An office file converted to PDF for the preview (`document/doc/{id}?variant=preview`). */
    has_preview_pdf: z.boolean(),
    /** Why processing failed, in words a manager can act on; null otherwise. */
    failure_reason: z.string().max(500).nullable(),
    /** The e-mail it came with (source email). */
    message_id: z.string().nullable(),
  }),
  category: DocumentCategorySchema.nullable(),
  category_id: z.number().int().nullable(),
  property_location_id: z.string().nullable(),
  folder_id: z.string().nullable(),
  building_id: z.string().nullable(),
  unit_id: z.string().nullable(),
  tenant_id: z.string().nullable(),
  tags: DocumentTagsSchema,
});
export type DocumentView = z.infer<typeof DocumentSchema>;

export const FolderSchema = z.object({
  id: z.string(),
  name: z.string().max(vaultLimits.folderName),
  description: z.string().max(vaultLimits.folderDescription).nullable(),
  is_system_folder: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** Documents directly in the folder, and in it and every folder below. */
  document_count: z.number().int().nonnegative(),
  total_document_count: z.number().int().nonnegative(),
  parent_folder_id: z.string().nullable(),
  property_location_id: z.string().nullable(),
});
export type FolderView = z.infer<typeof FolderSchema>;

/** A system folder takes no documents or folders by hand: only the product files into it. */
export const SYSTEM_FOLDER_READ_ONLY = 'System folders are read-only';
/** A tag (or an entity a document is filed under) unknown, or of a location the caller does not reach. */
export const TAG_TARGET_NOT_FOUND = 'A tagged property location, building, unit, tenant or manager was not found';

/** The system folder e-mail attachments are filed into, one per location (spec 001 §1; issue 12). */
export const EMAIL_ATTACHMENTS_FOLDER = 'E-mail attachments';

const at = '2026-11-24T10:15:00.000Z';
export const documentFixture: DocumentView = {
  id: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
  original_name: 'Lease - 12 Elm Street Unit 2B.pdf',
  mime_type: 'application/pdf',
  status: 'PROCESSED',
  file_path: 'document/doc/01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
  size: 48_213,
  created_by: 'usr_01HZX3',
  created_at: at,
  updated_at: at,
  progress: 100,
  metadata: {
    source: 'upload',
    data_type: 'document',
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    page_count: 2,
    has_preview_pdf: false,
    failure_reason: null,
    message_id: null,
  },
  category: { id: 2, name: 'Lease' },
  category_id: 2,
  property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  folder_id: null,
  building_id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
  unit_id: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c',
  tenant_id: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
  tags: { property_location_ids: [], building_ids: [], unit_ids: [], tenant_ids: [], property_manager_ids: [] },
};
export const folderFixture: FolderView = {
  id: '01937c41-0a1b-7c2d-8e3f-4a5b6c7d8e02',
  name: 'Leases',
  description: 'Signed leases and renewals',
  is_system_folder: false,
  created_at: at,
  updated_at: at,
  document_count: 4,
  total_document_count: 6,
  parent_folder_id: null,
  property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
};
