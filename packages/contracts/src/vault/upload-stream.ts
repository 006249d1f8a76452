import { z } from 'zod';
import { DocumentSchema } from './documents.js';

/**
 * `POST document/v2/upload-stream` (spec 001 §7): a multipart form (file, data_type, location_ids as JSON, folder_id,
 * tags as JSON, and category_id/building_id/unit_id/tenant_id when an entity's tab or the onboarding link files it).
 * Every refusal of the body is an HTTP status with the API's error body (413, 415, 400, 401, 403, 404, 503); only once
 * the file is stored does the BFF answer 200 `text/event-stream`, one `data: {json}` line per event below and
 * `data: [DONE]` last. The web app parses the lines with `UploadStreamEventSchema`.
 */
export const UPLOAD_STREAM_PATH = 'document/v2/upload-stream';
/** The stream's last line: nothing follows. */
export const UPLOAD_STREAM_DONE = '[DONE]';
/** A padding event's size, so a proxy that buffers small responses passes the stream on at once. */
export const UPLOAD_STREAM_PADDING_BYTES = 2 * 1024;
/** How often a heartbeat is sent while the vault files the document, so idle-timeouts of proxies never cut the stream. */
export const UPLOAD_STREAM_HEARTBEAT_MS = 15_000;

export const UploadStreamEventSchema = z.discriminatedUnion('status', [
  /** First: filler a proxy flushes; carries nothing to read. */
  z.object({ status: z.literal('padding'), padding: z.string() }),
  z.object({ status: z.literal('starting'), message: z.string() }),
  /** The file is stored and its type checked; the vault checks the form's locations and folder next. */
  z.object({ status: z.literal('validating'), message: z.string(), file_name: z.string(), size: z.number().int().nonnegative() }),
  z.object({ status: z.literal('processing'), message: z.string() }),
  z.object({ status: z.literal('heartbeat') }),
  /** Filed: one document per location named (or one pending); `duplicate` when a location already had these bytes. */
  z.object({ status: z.literal('completed'), message: z.string(), documents: z.array(z.object({ document: DocumentSchema, duplicate: z.boolean() })) }),
  /** The upload failed after the stream began; nothing of it was kept. `code` is the HTTP status it would have had. */
  z.object({ status: z.literal('error'), message: z.string(), code: z.number().int() }),
]);
export type UploadStreamEvent = z.infer<typeof UploadStreamEventSchema>;
