import { z } from 'zod';
import { defineStream, streamSource } from '../../define-stream.js';
import { DocumentStatusSchema } from '../documents.js';
import { DocumentStatusChanged } from '../events/document-status-changed.js';

/**
 * GET document/status-stream (spec 001 §7): a document's status and processing progress as they change, so the vault
 * list, the upload queue and the viewer move live instead of polling. A document of a location reaches whoever
 * reaches the location; one waiting in Pending Location Assignment reaches its account.
 */
export const DocumentStatusStream = defineStream({
  path: 'document/status-stream',
  eventName: 'status',
  data: z.object({
    document_id: z.string().min(1),
    status: DocumentStatusSchema,
    progress: z.number().int().min(0).max(100),
    /** Null while the document waits for its location. */
    property_location_id: z.string().min(1).nullable(),
    category_id: z.number().int().nullable(),
  }),
  sources: [
    streamSource(DocumentStatusChanged, {
      audienceOf: ({ data }) => (data.locationId !== null ? { locationId: data.locationId } : { accountId: data.accountId }),
      project: ({ data }) => ({ document_id: data.documentId, status: data.status, progress: data.progress, property_location_id: data.locationId, category_id: data.categoryId }),
    }),
  ],
  description: "A document's status or processing progress changed (uploaded, a processing step done, processed, failed, deleted, moved). The vault list, the upload queue and the viewer update on it.",
  fixture: { document_id: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01', status: 'PROCESSING', progress: 40, property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', category_id: 2 },
});
