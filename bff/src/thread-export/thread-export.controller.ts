import { BadRequestException, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { attachmentDisposition } from '@pm/files';
import { ExportMessageSession, MESSAGE_SESSION_NOT_FOUND, ThreadExportSchema } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { DownloadRoute } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { errorSchema, responseSchema } from '../http/zod-openapi.js';
import { renderThreadExportPdf } from './thread-export-pdf.js';

const FORMAT_MESSAGE = 'Format must be json or pdf';

/**
 * `GET message-session/{id}/export?format=json|pdf`: a thread the owner can prove, as a file. The record comes from
 * messaging (`message:read`, the session's location; 404 otherwise); the BFF answers it as a JSON file, or renders it
 * as a PDF. A download route: a link may carry the token as `?token=`.
 */
@ApiTags('messaging')
@Controller('message-session')
export class ThreadExportController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':id/export')
  @DownloadRoute()
  @ApiQuery({ name: 'format', enum: ['json', 'pdf'], required: false, description: 'json (default) or pdf' })
  @ApiProduces('application/json', 'application/pdf')
  @ApiOkResponse({ description: 'The thread export as an attachment (JSON record, or the PDF rendered from it)', schema: responseSchema(ThreadExportSchema) })
  @ApiBadRequestResponse({ schema: errorSchema, description: FORMAT_MESSAGE })
  @ApiNotFoundResponse({ schema: errorSchema, description: MESSAGE_SESSION_NOT_FOUND })
  async export(@Param('id') id: string, @Query('format') format: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const chosen = format === undefined || format === '' ? 'json' : format;
    if (chosen !== 'json' && chosen !== 'pdf') throw new BadRequestException(FORMAT_MESSAGE);
    // The guard verified the caller's token (from the header or a link's `?token=`) and set it as the Authorization.
    const authorization = req.headers.authorization!;
    const record = await this.rpc.request(ExportMessageSession, { id }, { authorization });
    const stamp = record.exported_at.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const body = chosen === 'pdf' ? await renderThreadExportPdf(record) : Buffer.from(`${JSON.stringify(record, null, 2)}\n`, 'utf8');
    res.status(200);
    res.setHeader('content-type', chosen === 'pdf' ? 'application/pdf' : 'application/json; charset=utf-8');
    res.setHeader('content-length', String(body.length));
    res.setHeader('content-disposition', attachmentDisposition(`thread-${record.session.id}-${stamp}.${chosen}`));
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('cache-control', 'private, no-store');
    res.setHeader('referrer-policy', 'no-referrer');
    res.end(body);
  }
}
