import { BadRequestException, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ExportMessageSession, MESSAGE_SESSION_NOT_FOUND, ThreadExportSchema } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { CurrentPrincipal, Public, type Principal } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { DownloadLinks, issuedLink, issuedLinkSchema, LINK_INVALID, linkResource, type IssuedLink } from '../files/download-links.js';
import { FileDownloads } from '../files/file-downloads.js';
import { ApiIdParam, errorSchema, responseSchema } from '../http/zod-openapi.js';
import { GeneratedFiles, sendGeneratedFile } from '../files/generated-files.js';
import { THREAD_EXPORTS_PREFIX, threadExportFile, type ThreadExportFormat } from './thread-export-files.js';

const FORMAT_MESSAGE = 'Format must be json or pdf';

function formatOf(format: unknown): ThreadExportFormat {
  const chosen = format === undefined || format === '' ? 'json' : format;
  if (chosen !== 'json' && chosen !== 'pdf') throw new BadRequestException(FORMAT_MESSAGE);
  return chosen;
}

/**
 * `GET message-session/{id}/export?format=json|pdf`: a thread the owner can prove, as a file. The record comes from
 * messaging (`message:read`, the session's location; 404 otherwise); the BFF answers it as a JSON file, or renders it
 * as a PDF, always as an attachment and sandboxed. A request carries the access token in its Authorization header; a
 * link carries a download link token from `POST message-session/{id}/export/download-token?format=` (DownloadLinks:
 * this thread and format only, 5 minutes, ends with the session), which opens the export made when it was issued.
 */
@ApiTags('messaging')
@Controller('message-session')
export class ThreadExportController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly links: DownloadLinks,
    private readonly downloads: FileDownloads,
    private readonly files: GeneratedFiles,
  ) {}

  @Post(':id/export/download-token')
  @ApiIdParam('id')
  @HttpCode(200)
  @ApiQuery({ name: 'format', enum: ['json', 'pdf'], required: false, description: 'json (default) or pdf' })
  @ApiOkResponse({ description: 'A token for `message-session/{id}/export?format=&token=`, valid for this export for 5 minutes or until the session ends', schema: issuedLinkSchema })
  @ApiBadRequestResponse({ schema: errorSchema, description: FORMAT_MESSAGE })
  @ApiNotFoundResponse({ schema: errorSchema, description: MESSAGE_SESSION_NOT_FOUND })
  async downloadToken(@Param('id') id: string, @Query('format') format: unknown, @Req() req: Request, @CurrentPrincipal() caller: Principal): Promise<IssuedLink> {
    const chosen = formatOf(format);
    const record = await this.rpc.request(ExportMessageSession, { id }, { authorization: req.headers.authorization! });
    const file = await this.files.keep(await threadExportFile(record, chosen), THREAD_EXPORTS_PREFIX);
    const link = this.links.issue(linkResource.threadExport(id, chosen), file, caller);
    return issuedLink(link, `message-session/${encodeURIComponent(id)}/export?format=${chosen}`);
  }

  // Public to the guard: a link's `?token=` is a download link token, never an access token; this handler checks either.
  @Get(':id/export')
  @ApiIdParam('id')
  @Public()
  @ApiQuery({ name: 'format', enum: ['json', 'pdf'], required: false, description: 'json (default) or pdf' })
  @ApiQuery({ name: 'token', required: false, description: 'A download link token of this export (from POST message-session/{id}/export/download-token)' })
  @ApiProduces('application/json', 'application/pdf')
  @ApiOkResponse({ description: 'The thread export as an attachment (JSON record, or the PDF rendered from it)', schema: responseSchema(ThreadExportSchema) })
  @ApiResponse({ status: 401, schema: errorSchema, description: LINK_INVALID })
  @ApiBadRequestResponse({ schema: errorSchema, description: FORMAT_MESSAGE })
  @ApiNotFoundResponse({ schema: errorSchema, description: MESSAGE_SESSION_NOT_FOUND })
  async export(@Param('id') id: string, @Query('format') format: unknown, @Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const chosen = formatOf(format);
    if (token !== undefined) {
      const kept = await this.links.require(token, linkResource.threadExport(id, chosen));
      await this.downloads.send(res, kept.storageKey, { fileName: kept.fileName, mode: 'stream' });
      return;
    }
    await this.links.requireSignedIn(req.headers.authorization);
    const record = await this.rpc.request(ExportMessageSession, { id }, { authorization: req.headers.authorization! });
    sendGeneratedFile(res, await threadExportFile(record, chosen));
  }
}
