import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../portfolio/validation.js';
import { DocumentSchema, documentFixture } from '../documents.js';
import { DOCUMENT_SUMMARY_MAX, DocumentFactSchema } from '../document-facts.js';
import { DOCUMENT_NOT_FOUND } from './documents.js';

/** The web shows this where a document has no summary (spec 001 §8); the summary call answers it as its 404. */
export const DOCUMENT_SUMMARY_NOT_AVAILABLE = 'Document summary not available.';
export const DOCUMENT_REPROCESSING_STARTED = 'Document reprocessing started successfully!';
export const DOCUMENT_BUSY_DELETING = 'This document is being deleted';

/** GET document/{id}/summary: the AI summary and whether the model or the fallback wrote it (`document:read`). */
export const GetDocumentSummary = defineRpc({
  subject: 'pm.rpc.vault.document-summary.get.v1',
  description: 'the assistant\'s summary; 404 "Document summary not available." while there is none',
  access: 'document:read',
  http: { method: 'GET', path: 'document/:id/summary' },
  errors: { 404: [DOCUMENT_NOT_FOUND, DOCUMENT_SUMMARY_NOT_AVAILABLE], 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ document_id: z.string(), summary: z.string().max(DOCUMENT_SUMMARY_MAX), outcome: z.enum(['model', 'fallback']) }),
  fixture: {
    request: { id: documentFixture.id },
    response: { document_id: documentFixture.id, summary: 'A 12-month residential lease for Unit 2B at 12 Elm Street starting January 1, 2027.', outcome: 'model' },
  },
});

/**
 * GET document/{id}/extract: the facts extracted from the document, each with the page and sentence it came from and
 * the character span of the value in the page text, the parser's first and the model's after (`document:read`). Empty while processing.
 */
export const GetDocumentExtract = defineRpc({
  subject: 'pm.rpc.vault.document-extract.get.v1',
  description: 'the facts with page, sentence, span, `derived` and source',
  access: 'document:read',
  http: { method: 'GET', path: 'document/:id/extract' },
  errors: { 404: DOCUMENT_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ document_id: z.string(), status: DocumentSchema.shape.status, facts: z.array(DocumentFactSchema) }),
  fixture: {
    request: { id: documentFixture.id },
    response: {
      document_id: documentFixture.id,
      status: 'PROCESSED',
      facts: [{ field: 'start_date', value: { kind: 'date', date: '2027-01-01' }, page: 1, sentence: 'The term begins on January 1, 2027.', span_start: 19, span_end: 34, derived: false, source: 'parser' }],
    },
  },
});

/**
 * POST document/{id}/reprocess: reads the document again from its file (`document:write`): the attempt is raised,
 * its pages and extracted facts are replaced when the new attempt has read them. A document being deleted answers 409.
 */
export const ReprocessDocument = defineRpc({
  subject: 'pm.rpc.vault.document.reprocess.v1',
  description: 'attempt + 1, pages and facts replaced when read; "Document reprocessing started successfully!"; 409 while the document is being deleted; takes `Idempotency-Key`',
  access: 'document:write',
  http: { method: 'POST', path: 'document/:id/reprocess', idempotent: true },
  errors: { 404: DOCUMENT_NOT_FOUND, 409: DOCUMENT_BUSY_DELETING, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ message: z.literal(DOCUMENT_REPROCESSING_STARTED), document: DocumentSchema }),
  fixture: {
    request: { id: documentFixture.id },
    response: { message: DOCUMENT_REPROCESSING_STARTED, document: { ...documentFixture, status: 'PROCESSING', progress: 0 } },
  },
});
