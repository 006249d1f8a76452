import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { GetMessageAttachment, MESSAGE_ATTACHMENT_NOT_FOUND, MESSAGE_NOT_FOUND } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { CurrentPrincipal, Public, type Principal } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { DownloadLinks, issuedLink, issuedLinkSchema, LINK_INVALID, linkResource, type IssuedLink, type LinkedFile } from '../files/download-links.js';
import { FileDownloads } from '../files/file-downloads.js';
import { ApiIdParam, errorSchema } from '../http/zod-openapi.js';

/**
 * `GET message/{id}/attachment/{attachmentId}`: one attachment of an inbound e-mail, as a download under the name the
 * sender gave (sanitised) and the type sniffed from its bytes. Messaging decides access (`message:read` on the
 * message's location; 404 otherwise) and says where the file lies; the bytes pass through the BFF, so the browser
 * never needs to reach MinIO. A request carries the access token in its Authorization header; a link carries a
 * download link token from `POST message/{id}/attachment/{attachmentId}/download-token` (DownloadLinks: this
 * attachment only, 5 minutes, ends with the session), never the access token.
 */
@ApiTags('messaging')
@Controller('message')
export class MessageAttachmentController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly downloads: FileDownloads,
    private readonly links: DownloadLinks,
  ) {}

  @Post(':id/attachment/:attachmentId/download-token')
  @ApiIdParam('id')
  @ApiIdParam('attachmentId')
  @HttpCode(200)
  @ApiOkResponse({ description: 'A token for `message/{id}/attachment/{attachmentId}?token=`, valid for this attachment for 5 minutes or until the session ends', schema: issuedLinkSchema })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'An id that is not one of ours' })
  @ApiNotFoundResponse({ schema: errorSchema, description: `${MESSAGE_NOT_FOUND} / ${MESSAGE_ATTACHMENT_NOT_FOUND}` })
  async downloadToken(@Param('id') id: string, @Param('attachmentId') attachmentId: string, @Req() req: Request, @CurrentPrincipal() caller: Principal): Promise<IssuedLink> {
    const attachment = await this.rpc.request(GetMessageAttachment, { id, attachment_id: attachmentId }, { authorization: req.headers.authorization! });
    const link = this.links.issue(linkResource.messageAttachment(id, attachmentId), { storageKey: attachment.storage_key, fileName: attachment.file_name, mimeType: attachment.content_type }, caller);
    return issuedLink(link, `message/${encodeURIComponent(id)}/attachment/${encodeURIComponent(attachmentId)}`);
  }

  // Public to the guard: a link's `?token=` is a download link token, never an access token; this handler checks either.
  @Get(':id/attachment/:attachmentId')
  @ApiIdParam('id')
  @ApiIdParam('attachmentId')
  @Public()
  @ApiQuery({ name: 'token', required: false, description: 'A download link token of this attachment (from POST message/{id}/attachment/{attachmentId}/download-token)' })
  @ApiOkResponse({
    description: 'The attachment, with its sniffed Content-Type (a PDF, Office document or image) and a Content-Disposition naming the file',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({ status: 401, schema: errorSchema, description: LINK_INVALID })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'An id that is not one of ours' })
  @ApiNotFoundResponse({ schema: errorSchema, description: `${MESSAGE_NOT_FOUND} / ${MESSAGE_ATTACHMENT_NOT_FOUND}` })
  async download(@Param('id') id: string, @Param('attachmentId') attachmentId: string, @Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const file = await this.fileOf(id, attachmentId, token, req);
    await this.downloads.send(res, file.storageKey, { fileName: file.fileName, mode: 'stream' });
  }

  private async fileOf(id: string, attachmentId: string, token: unknown, req: Request): Promise<LinkedFile> {
    if (token !== undefined) return this.links.require(token, linkResource.messageAttachment(id, attachmentId));
    await this.links.requireSignedIn(req.headers.authorization);
    const attachment = await this.rpc.request(GetMessageAttachment, { id, attachment_id: attachmentId }, { authorization: req.headers.authorization! });
    return { storageKey: attachment.storage_key, fileName: attachment.file_name, mimeType: attachment.content_type };
  }
}
