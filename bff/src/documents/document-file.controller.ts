import { Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DOCUMENT_NOT_FOUND, GetDocumentFile } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { InvalidTokenError, JwtVerifier, Public } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { FileDownloads } from '../files/file-downloads.js';
import { errorSchema } from '../http/zod-openapi.js';
import { DocumentDownloadTokens, type DownloadGrant } from './document-download-tokens.js';

const LINK_INVALID = 'This download link is invalid or has expired. Open the document again from the vault.';
const NO_PREVIEW = 'No preview of this document is available yet.';
/** What the browser may show in the page (the viewer); everything else is saved as a file. */
const SHOWN_INLINE = /^(application\/pdf|image\/(png|jpeg|gif|webp))$/;

/**
 * A document's file (spec 001 §7 `GET document/doc/{id}?token`), streamed through the BFF from storage. A link
 * carries a download token from `POST document/{id}/download-token` (that document only, 5 minutes); a request with
 * an Authorization header needs none. The vault decides access (`document:read`) in both cases.
 */
@ApiTags('vault')
@Controller('document')
export class DocumentFileController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly downloads: FileDownloads,
    private readonly tokens: DocumentDownloadTokens,
    private readonly verifier: JwtVerifier,
  ) {}

  @Post(':id/download-token')
  @HttpCode(200)
  @ApiOkResponse({ description: 'A token for `document/doc/{id}?token=`, valid for this document for 5 minutes', schema: { type: 'object', properties: { token: { type: 'string' }, expires_at: { type: 'string', format: 'date-time' }, url: { type: 'string' } } } })
  @ApiNotFoundResponse({ schema: errorSchema, description: DOCUMENT_NOT_FOUND })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'An id with characters that are not allowed' })
  async downloadToken(@Param('id') id: string, @Req() req: Request): Promise<{ token: string; expires_at: string; url: string }> {
    const file = await this.rpc.request(GetDocumentFile, { id }, { authorization: req.headers.authorization! });
    const { token, expiresAt } = this.tokens.issue({ documentId: id, storageKey: file.storage_key, previewKey: file.preview_key, fileName: file.file_name, mimeType: file.mime_type });
    return { token, expires_at: new Date(expiresAt * 1000).toISOString(), url: `document/doc/${encodeURIComponent(id)}?token=${token}` };
  }

  // Public to the guard: a link's `?token=` is a download token, not an access token; this handler checks either.
  @Get('doc/:id')
  @Public()
  @ApiQuery({ name: 'token', required: false, description: 'A download token of this document (from POST document/{id}/download-token)' })
  @ApiQuery({ name: 'variant', required: false, enum: ['original', 'preview'], description: '`preview`: the PDF an office file was converted to, for the viewer' })
  @ApiOkResponse({ description: 'The file: PDFs and images inline (sandboxed), anything else as an attachment', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 401, schema: errorSchema, description: LINK_INVALID })
  @ApiNotFoundResponse({ schema: errorSchema, description: `${DOCUMENT_NOT_FOUND} / ${NO_PREVIEW}` })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'An id with characters that are not allowed' })
  async file(@Param('id') id: string, @Query('token') token: unknown, @Query('variant') variant: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const grant = await this.grantOf(id, token, req);
    let key = grant.storageKey;
    if (variant === 'preview') {
      // PDFs and images are their own preview; an office file has one once the vault converted it.
      const preview = grant.previewKey ?? (SHOWN_INLINE.test(grant.mimeType) ? grant.storageKey : null);
      if (!preview) throw new NotFoundException(NO_PREVIEW);
      key = preview;
    } else if (variant !== undefined && variant !== 'original') throw new NotFoundException('Variant must be original or preview');
    const previewName = key === grant.previewKey ? `${grant.fileName.replace(/\.[^.]*$/, '')}.pdf` : grant.fileName;
    const type = key === grant.previewKey ? 'application/pdf' : grant.mimeType;
    await this.downloads.send(res, key, { fileName: previewName, mode: 'stream', disposition: SHOWN_INLINE.test(type) ? 'inline' : 'attachment' });
  }

  private async grantOf(id: string, token: unknown, req: Request): Promise<DownloadGrant> {
    if (typeof token === 'string') {
      const grant = this.tokens.verify(token, id);
      if (!grant) throw new UnauthorizedException(LINK_INVALID);
      return grant;
    }
    if (token !== undefined) throw new UnauthorizedException(LINK_INVALID);
    try {
      await this.verifier.verify(req.headers.authorization);
    } catch (error) {
      throw new UnauthorizedException(error instanceof InvalidTokenError ? error.message : 'Authentication required');
    }
    const file = await this.rpc.request(GetDocumentFile, { id }, { authorization: req.headers.authorization! });
    return { documentId: id, storageKey: file.storage_key, previewKey: file.preview_key, fileName: file.file_name, mimeType: file.mime_type, expiresAt: 0 };
  }
}
