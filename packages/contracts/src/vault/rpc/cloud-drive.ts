import { z } from 'zod';
import { planLimitMessages, planOf } from '../../payments/plans.js';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../portfolio/validation.js';
import { isCleanText, textPattern, withPattern } from '../../text.js';

/**
 * The cloud drive (spec 001 §3 Staged cloud-drive file, §7 document/google-drive/*): files of the account's drive
 * (Google Drive in production, a staging folder on disk per account locally) listed as staged files, each assigned to
 * a property location, where it becomes a document in the folders of its drive path.
 */

export const STAGED_FILE_NOT_FOUND = 'Staged file not found';
export const STAGED_FILE_ASSIGNED = 'File assigned to the property location';
/** The spec's message when an assignment fails (spec 001 §8). */
export const STAGED_FILE_ASSIGN_FAILED = 'Failed to assign location to file';

/**
 * POST document/google-drive/stream-staged-folder-upload (spec 001 §7): assigns every staged file of a drive folder
 * (and its subfolders; '' for the whole drive) to a location. Served by the BFF as an event stream of `data:` lines
 * (`StagedFolderUploadEvent`), ending with `data: [DONE]`: a file that fails is a `file_error` event and the rest go on.
 */
export const StagedFolderUploadRequestSchema = z.object({
  folderPath: withPattern(
    z
      .string({ error: 'Folder path is required' })
      .max(1_000, 'Folder path must be at most 1000 characters')
      .refine((path) => isCleanText(path), 'Folder path must not contain control characters'),
    textPattern.clean(),
    textPattern.beyondBmp,
  ),
  locationId: IdRefSchema,
});
export type StagedFolderUploadRequest = z.infer<typeof StagedFolderUploadRequestSchema>;

export const StagedFolderUploadEventSchema = z.object({
  status: z.enum(['starting', 'processing', 'file_error', 'completed', 'error']),
  message: z.string().max(500),
  progress: z.number().int().min(0).max(100),
  file_name: z.string().max(1_000).optional(),
  document_id: z.string().nullable().optional(),
  processed: z.number().int().nonnegative().optional(),
  failed: z.number().int().nonnegative().optional(),
});
export type StagedFolderUploadEvent = z.infer<typeof StagedFolderUploadEventSchema>;

export const StagedFileSchema = z.object({
  id: z.string(),
  original_name: z.string().max(1_000),
  mime_type: z.string().max(200),
  // A drive's file may be larger than the vault takes (refused when imported); none reaches a terabyte.
  file_size: z.number().int().nonnegative().max(1024 ** 4),
  created_at: z.iso.datetime(),
  folder_structure: z.object({ folder_path: z.string().max(1_000) }),
  metadata: z.object({ web_view_link: z.string().max(2_000).nullable() }),
});
export type StagedFile = z.infer<typeof StagedFileSchema>;

const stagedFileFixture: StagedFile = {
  id: '01937c42-0a1b-7c2d-8e3f-4a5b6c7d8e04',
  original_name: 'Lease - 12 Elm Street Unit 2B.pdf',
  mime_type: 'application/pdf',
  file_size: 48_213,
  created_at: '2026-11-24T10:15:00.000Z',
  folder_structure: { folder_path: 'Leases/2026' },
  metadata: { web_view_link: 'https://drive.google.com/file/d/1AbCdEfGh/view' },
};

/** GET document/google-drive/staged-files: the caller's account's drive files not yet assigned (the drive is read first). */
export const ListStagedFiles = defineRpc({
  subject: 'pm.rpc.vault.staged-file.list.v1',
  description: "the account's unassigned files, read from the drive at each call",
  http: { method: 'GET', path: 'document/google-drive/staged-files' },
  request: z.object({}),
  response: z.object({ staged_files: z.array(StagedFileSchema) }),
  fixture: { request: {}, response: { staged_files: [stagedFileFixture] } },
});

/**
 * Whether the caller may file staged drive files in the location (`document:write`), asked by the BFF before it opens
 * the folder-upload stream, so another account's location is a plain 404 (and a role without the permission a 403)
 * rather than a stream that opened with 200. Not bound to HTTP: the stream is the BFF's own route.
 */
export const CheckStagedUploadLocation = defineRpc({
  subject: 'pm.rpc.vault.staged-upload-location.check.v1',
  // Asked before the folder-upload stream opens: the same permission the files will need.
  access: 'document:write',
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ locationId: IdRefSchema }),
  response: z.object({ ok: z.literal(true) }),
  fixture: { request: { locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c' }, response: { ok: true } },
});

/**
 * POST document/google-drive/complete-staged-upload: streams the staged file into the vault of the location
 * (`document:write`), in the folders of its drive path, and marks it assigned. A file whose bytes the location already
 * has is assigned to that document.
 */
export const CompleteStagedUpload = defineRpc({
  subject: 'pm.rpc.vault.staged-file.complete.v1',
  description: "`document:write` on the location (another account's staged file: 404); the file is streamed through `FileStore.put` (same size limit and type sniffing as an upload, 415 for a type the vault does not take) and filed in the location's folders of its drive path (`Leases/2026` → Leases › 2026), then the staged file is marked assigned; takes `Idempotency-Key`",
  // The staged file is the caller's account's own (another account's answers 404); the location needs document:write.
  access: 'document:write',
  // A drive download streamed into MinIO takes longer than a form post.
  http: { method: 'POST', path: 'document/google-drive/complete-staged-upload', idempotent: true, timeoutMs: 120_000 },
  errors: {
    404: [STAGED_FILE_NOT_FOUND, 'Property location not found'],
    403: ACCESS_FORBIDDEN,
    409: planLimitMessages.storage(planOf('starter')),
    413: 'The file is larger than the limit',
    415: 'This file type is not accepted',
    502: 'The cloud drive could not be read',
  },
  request: z.object({ stagedDocumentId: IdRefSchema, locationId: IdRefSchema }),
  response: z.object({ success: z.boolean(), message: z.string().max(500), document_id: z.string().nullable() }),
  fixture: {
    request: { stagedDocumentId: stagedFileFixture.id, locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c' },
    response: { success: true, message: STAGED_FILE_ASSIGNED, document_id: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01' },
  },
});
