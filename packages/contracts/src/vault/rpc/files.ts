import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../portfolio/validation.js';
import { documentFixture } from '../documents.js';
import { DOCUMENT_NOT_FOUND } from './documents.js';

/**
 * Where a document's file lies, for the BFF's download (`GET document/doc/{id}`), which streams it from storage. Not
 * bound to HTTP: storage keys never reach the browser. `document:read` on its location (a pending one is its account's).
 */
export const GetDocumentFile = defineRpc({
  subject: 'pm.rpc.vault.document-file.get.v1',
  access: 'document:read',
  errors: { 404: DOCUMENT_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({
    storage_key: z.string().max(500),
    /** The office file converted to PDF for the viewer; null until converted (and for PDFs and images). */
    preview_key: z.string().max(500).nullable(),
    /** The type sniffed when it was uploaded. */
    mime_type: z.string().max(100),
    /** The name it is shown and saved under. */
    file_name: z.string(),
  }),
  fixture: {
    request: { id: documentFixture.id },
    response: { storage_key: 'vault/documents/01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e03', preview_key: null, mime_type: 'application/pdf', file_name: documentFixture.original_name },
  },
});
