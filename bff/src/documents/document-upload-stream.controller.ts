import { BadRequestException, Controller, HttpCode, HttpException, Logger, PayloadTooLargeException, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  RegisterUploadedDocument,
  safeFileName,
  UPLOAD_STREAM_DONE,
  UPLOAD_STREAM_HEARTBEAT_MS,
  UPLOAD_STREAM_PADDING_BYTES,
  VAULT_ACCEPTED_TYPES,
  VAULT_FILE_PREFIX,
  vaultLimits,
  type RequestOf,
  type ResponseOf,
  type UploadStreamEvent,
} from '@pm/contracts';
import { RpcClient, RpcFailure } from '@pm/messaging';
import type { Request, Response } from 'express';
import { MultipartUploads, type ReceivedUpload } from '../files/multipart-upload.js';
import { errorBody } from '../http/error-body.js';
import { errorSchema, requestSchema } from '../http/zod-openapi.js';

/** Room for the form's text fields and multipart framing on top of the file itself. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const STORAGE_DOWN = 'The document storage is not available right now, so the file was not saved. Please try again in a few minutes.';

/**
 * `POST document/v2/upload-stream` (spec 001 §7): the vault's upload. The file streams through the BFF into the file
 * store (size limit and type checked on the bytes as they arrive), then the vault files it. Every refusal is an HTTP
 * status with the API's error body and leaves nothing behind: the answer stays unsent until the vault has filed the
 * document, unless that takes longer than a heartbeat interval; then the 200 event stream opens and a later failure
 * is an `error` event. See `UploadStreamEventSchema` for the lines.
 */
@ApiTags('vault')
@Controller('document/v2')
export class DocumentUploadStreamController {
  private readonly logger = new Logger(DocumentUploadStreamController.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: MultipartUploads,
  ) {}

  @Post('upload-stream')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOkResponse({
    description:
      'Server-sent events, one `data: {json}` line each (status padding, starting, validating, processing, heartbeat, completed or error), then `data: [DONE]`',
    // Each event as OpenAPI 3.0 models text/event-stream (its fields), which tools that read streams check.
    content: {
      'text/event-stream': {
        schema: { type: 'object', required: ['data'], properties: { event: { type: 'string' }, data: { type: 'string', description: 'A JSON event, or [DONE]' } } },
      },
    },
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file_size: { type: 'string', pattern: '^[0-9]{1,15}$', description: "The file's size in bytes, sent before the file (optional): the file then streams to storage as it arrives; bytes of another size are refused (400)" },
        file: { type: 'string', format: 'binary', minLength: 1, description: 'The document (PDF, Word, XML or an image), at most 2 GB' },
        data_type: { type: 'string', enum: ['document', 'inspection_report', 'inventory_list', 'photos', 'other'] },
        location_ids: { type: 'string', description: 'JSON list of property location ids; none files the document into Pending Location Assignment' },
        folder_id: { type: 'string' },
        category_id: { type: 'string', description: 'One of GET document/categories (the onboarding link passes 2, Lease)' },
        building_id: { type: 'string' },
        unit_id: { type: 'string' },
        tenant_id: { type: 'string' },
        tags: { type: 'string', description: 'JSON object of id lists (property_location_ids, building_ids, unit_ids, tenant_ids, property_manager_ids)' },
      },
    },
  })
  @ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    description: 'A retry with the same key answers the first upload\'s documents instead of filing again',
    schema: requestSchema(IdempotencyKeySchema),
  })
  @ApiResponse({ status: 400, schema: errorSchema, description: 'A malformed form or field' })
  @ApiResponse({ status: 401, schema: errorSchema, description: 'Authentication required' })
  @ApiResponse({ status: 403, schema: errorSchema, description: 'No permission to add documents to a location named' })
  @ApiResponse({ status: 404, schema: errorSchema, description: 'Property location not found / Folder not found' })
  @ApiResponse({ status: 413, schema: errorSchema, description: 'The file is over the size limit' })
  @ApiResponse({ status: 415, schema: errorSchema, description: 'A file type the vault does not take' })
  @ApiResponse({ status: 422, schema: errorSchema, description: 'The Idempotency-Key was already used for a different upload' })
  @ApiResponse({ status: 503, schema: errorSchema, description: 'The document storage is not available' })
  async upload(@Req() req: Request, @Res() res: Response): Promise<void> {
    const idempotencyKey = idempotencyKeyOf(req);
    // Refused before a byte is read when the sender says how big the body is.
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > vaultLimits.documentBytes + FORM_OVERHEAD_BYTES) {
      res.setHeader('connection', 'close');
      throw new PayloadTooLargeException(`The file is larger than the limit of ${vaultLimits.documentBytes / 1024 ** 3} GB.`);
    }
    let upload: ReceivedUpload;
    try {
      upload = await this.uploads.receive(req, { prefix: VAULT_FILE_PREFIX, maxBytes: vaultLimits.documentBytes, accept: VAULT_ACCEPTED_TYPES, maxFields: 12 });
    } catch (error) {
      if (error instanceof HttpException || RpcFailure.from(error)) throw error;
      // Not a refusal of the body: the file store failed (MinIO down). The reader removed what it had stored.
      this.logger.warn(`upload not stored: ${error instanceof Error ? error.message : String(error)}`);
      throw new RpcFailure(503, STORAGE_DOWN, 'storage_unavailable');
    }
    let request: RequestOf<typeof RegisterUploadedDocument>;
    try {
      request = requestOf(upload);
    } catch (error) {
      this.uploads.discard([upload]);
      throw error;
    }

    const authorization = req.headers.authorization!;
    const filing = this.rpc.request(RegisterUploadedDocument, request, { authorization, idempotencyKey });
    // Held back until the vault answers, so its refusals (403, 404, 400) are the response's status; a slow vault opens
    // the stream at the first heartbeat instead, so the browser and proxies see the upload is alive.
    let heartbeat: NodeJS.Timeout | undefined;
    const opened = new Promise<'opened'>((resolve) => (heartbeat = setTimeout(() => resolve('opened'), UPLOAD_STREAM_HEARTBEAT_MS)));
    const first = await Promise.race([filing.then(() => 'filed' as const, () => 'failed' as const), opened]);
    clearTimeout(heartbeat);
    if (first === 'failed') {
      const failure = await filing.catch((error: unknown) => error);
      // A refusal: nothing refers to the stored file. A timeout may still be filed by the vault: its file is kept.
      if (RpcFailure.from(failure)?.status !== 504) this.uploads.discard([upload]);
      throw failure;
    }

    const write = (event: UploadStreamEvent | typeof UPLOAD_STREAM_DONE): void => {
      res.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
    };
    res.status(200);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    // nginx and similar proxies would hold the events back otherwise.
    res.setHeader('x-accel-buffering', 'no');
    res.flushHeaders();
    write({ status: 'padding', padding: ' '.repeat(UPLOAD_STREAM_PADDING_BYTES) });
    write({ status: 'starting', message: 'Upload received.' });
    write({ status: 'validating', message: 'File stored and its type checked.', file_name: upload.fileName, size: upload.file.size });
    let answer: ResponseOf<typeof RegisterUploadedDocument>;
    if (first === 'opened') {
      const beat = setInterval(() => write({ status: 'heartbeat' }), UPLOAD_STREAM_HEARTBEAT_MS);
      try {
        answer = await filing;
      } catch (error) {
        const failure = RpcFailure.from(error);
        if (failure?.status !== 504) this.uploads.discard([upload]);
        write({ status: 'error', message: failure ? errorBody(failure).message : 'The document could not be filed. Please try again.', code: failure?.status ?? 500 });
        write(UPLOAD_STREAM_DONE);
        res.end();
        return;
      } finally {
        clearInterval(beat);
      }
    } else answer = await filing;
    write({ status: 'processing', message: 'Filed; the document is being read and categorised.' });
    write({ status: 'completed', message: answer.documents.every((filed) => filed.duplicate) ? 'This file is already in the vault.' : 'Upload complete.', documents: answer.documents });
    write(UPLOAD_STREAM_DONE);
    res.end();
  }
}

function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.get(IDEMPOTENCY_KEY_HEADER);
  if (raw === undefined) return undefined;
  const key = IdempotencyKeySchema.safeParse(raw);
  if (!key.success) throw new BadRequestException(key.error.issues[0]!.message);
  return key.data;
}

/** The form's fields as the vault's request (location_ids and tags are JSON, the spec's form); 400 when malformed. */
function requestOf(upload: ReceivedUpload): RequestOf<typeof RegisterUploadedDocument> {
  const text = (name: string): string | undefined => {
    const value = upload.fields[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const json = (name: string, expected: string): unknown => {
    const value = text(name);
    if (value === undefined) return undefined;
    try {
      return JSON.parse(value);
    } catch {
      throw new BadRequestException(`The field "${name}" must be ${expected} in JSON.`);
    }
  };
  const parsed = RegisterUploadedDocument.request.safeParse({
    // The browser's file name as the vault lists it (no control or invisible characters), so a name with an RLM or a
    // zero-width space is cleaned, not refused by the contract's text rules.
    file: { key: upload.file.key, file_name: safeFileName(upload.fileName, 'Untitled document', vaultLimits.documentName), content_type: upload.file.contentType, size: upload.file.size, sha256: upload.file.sha256 },
    data_type: text('data_type'),
    location_ids: json('location_ids', 'a list of property location ids'),
    folder_id: text('folder_id'),
    category_id: text('category_id'),
    building_id: text('building_id'),
    unit_id: text('unit_id'),
    tenant_id: text('tenant_id'),
    tags: json('tags', 'an object of id lists'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw new BadRequestException(issue.code === 'custom' || !field ? issue.message : `${field}: ${issue.message}`);
  }
  return parsed.data;
}
