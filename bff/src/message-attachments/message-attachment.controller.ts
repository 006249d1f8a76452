import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { GetMessageAttachment, MESSAGE_ATTACHMENT_NOT_FOUND, MESSAGE_NOT_FOUND } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { DownloadRoute } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { FileDownloads } from '../files/file-downloads.js';
import { errorSchema } from '../http/zod-openapi.js';

/**
 * `GET message/{id}/attachment/{attachmentId}`: one attachment of an inbound e-mail, as a download under the name the
 * sender gave (sanitised) and the type sniffed from its bytes. Messaging decides access (`message:read` on the
 * message's location; 404 otherwise) and says where the file lies; the bytes pass through the BFF, so the browser
 * never needs to reach MinIO. A download route: a link may carry the token as `?token=`.
 */
@ApiTags('messaging')
@Controller('message')
export class MessageAttachmentController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly downloads: FileDownloads,
  ) {}

  @Get(':id/attachment/:attachmentId')
  @DownloadRoute()
  @ApiOkResponse({
    description: 'The attachment, with its sniffed Content-Type (a PDF, Office document or image) and a Content-Disposition naming the file',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'An id that is not one of ours' })
  @ApiNotFoundResponse({ schema: errorSchema, description: `${MESSAGE_NOT_FOUND} / ${MESSAGE_ATTACHMENT_NOT_FOUND}` })
  async download(@Param('id') id: string, @Param('attachmentId') attachmentId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    // The guard verified the caller's token (from the header or a link's `?token=`) and set it as the Authorization.
    const authorization = req.headers.authorization!;
    const attachment = await this.rpc.request(GetMessageAttachment, { id, attachment_id: attachmentId }, { authorization });
    await this.downloads.send(res, attachment.storage_key, { fileName: attachment.file_name, mode: 'stream' });
  }
}
