import { BadRequestException, Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  CheckStagedUploadLocation,
  CompleteStagedUpload,
  ListStagedFiles,
  StagedFolderUploadRequestSchema,
  type StagedFolderUploadEvent,
} from '@pm/contracts';
import { RpcClient, RpcFailure } from '@pm/messaging';
import type { Request, Response } from 'express';
import { errorSchema, requestSchema } from '../http/zod-openapi.js';
import { SseWriter } from '../sse/sse-writer.js';

/** Failures that are the request's, not one file's: no other file of the folder would fare better. */
const ENDS_THE_STREAM = new Set([401, 403]);

/**
 * `POST document/google-drive/stream-staged-folder-upload`: assigns every staged file of a drive folder (and its
 * subfolders) to a location, one `CompleteStagedUpload` after another, telling the browser about each as it goes (spec
 * 001 §4 folder stream). A file that fails is a `file_error` event and the rest go on; a refusal of the caller ends the
 * stream with an `error` event. The body and the caller's access to the location are checked before the stream opens,
 * so bad input is a plain 400 and a location out of reach a plain 404 or 403.
 */
@ApiTags('vault')
@Controller('document/google-drive')
export class StagedFolderUploadController {
  private readonly logger = new Logger(StagedFolderUploadController.name);

  constructor(private readonly rpc: RpcClient) {}

  @Post('stream-staged-folder-upload')
  @HttpCode(200)
  @ApiBody({ schema: requestSchema(StagedFolderUploadRequestSchema) })
  // Described as the upload stream's is: `data:` lines are JSON events but the last is `[DONE]`, so the stream's
  // content is text (each event's shape is StagedFolderUploadEventSchema, which the web app parses).
  @ApiOkResponse({
    description: 'Server-sent events, one `data: {json}` line each (status starting, processing, file_error, completed or error), then `data: [DONE]`',
    content: {
      'text/event-stream': {
        schema: { type: 'object', required: ['data'], properties: { event: { type: 'string' }, data: { type: 'string', description: 'A JSON event, or [DONE]' } } },
      },
    },
  })
  @ApiResponse({ status: 400, schema: errorSchema, description: 'Folder path or location missing or invalid' })
  @ApiResponse({ status: 403, schema: errorSchema, description: 'The role may not add documents to the location' })
  @ApiResponse({ status: 404, schema: errorSchema, description: 'Property location not found (or of another account)' })
  async stream(@Body() body: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const parsed = StagedFolderUploadRequestSchema.safeParse(body ?? {});
    if (!parsed.success) throw new BadRequestException(parsed.error.issues[0]?.message ?? 'Invalid request');
    const { folderPath, locationId } = parsed.data;
    const authorization = req.headers.authorization!;
    const prefix = folderPath.replace(/^\/+|\/+$/g, '');
    // Access and listing first: a location of another account (404), a role that may not add documents (403), or a
    // drive that cannot be read is an HTTP error, not a stream that opened with 200.
    await this.rpc.request(CheckStagedUploadLocation, { locationId }, { authorization });
    const { staged_files } = await this.rpc.request(ListStagedFiles, {}, { authorization });
    const files = staged_files.filter((file) => prefix === '' || file.folder_structure.folder_path === prefix || file.folder_structure.folder_path.startsWith(`${prefix}/`));

    const writer = new SseWriter(res);
    writer.open();
    const send = (event: StagedFolderUploadEvent) => writer.send({ data: event });
    let processed = 0;
    let failed = 0;
    try {
      await send({ status: 'starting', message: `Adding ${files.length} ${files.length === 1 ? 'file' : 'files'} from ${prefix || 'the drive'}`, progress: 0 });
      for (const [index, file] of files.entries()) {
        if (writer.closed) return;
        const progress = Math.round(((index + 1) / files.length) * 100);
        try {
          const answer = await this.rpc.request(CompleteStagedUpload, { stagedDocumentId: file.id, locationId }, { authorization, timeoutMs: CompleteStagedUpload.http?.timeoutMs });
          processed++;
          await send({ status: 'processing', message: `Added ${file.original_name}`, progress, file_name: file.original_name, document_id: answer.document_id });
        } catch (error) {
          if (!(error instanceof RpcFailure)) throw error;
          if (ENDS_THE_STREAM.has(error.status) || error.message === 'Property location not found') {
            await send({ status: 'error', message: error.message, progress });
            return;
          }
          failed++;
          await send({ status: 'file_error', message: `${file.original_name}: ${error.message}`, progress, file_name: file.original_name });
        }
      }
      const summary = failed === 0 ? `Added ${processed} ${processed === 1 ? 'file' : 'files'}` : `Added ${processed} ${processed === 1 ? 'file' : 'files'}, ${failed} failed`;
      await send({ status: 'completed', message: summary, progress: 100, processed, failed });
    } catch (error) {
      this.logger.error({ err: error }, 'staged folder upload failed');
      await send({ status: 'error', message: 'Failed to start folder upload', progress: 0 }).catch(() => undefined);
    } finally {
      if (!writer.closed) res.write('data: [DONE]\n\n');
      writer.end();
    }
  }
}
