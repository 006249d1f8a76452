import { Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DOCUMENT_NOT_FOUND, GetDocumentFile } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { CurrentPrincipal, Public, type Principal } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { DownloadLinks, issuedLink, issuedLinkSchema, linkResource, type IssuedLink, type LinkedFile } from '../files/download-links.js';
import { FileDownloads } from '../files/file-downloads.js';
import { ApiIdParam, errorSchema } from '../http/zod-openapi.js';

const LINK_INVALID = 'This download link is invalid or has expired. Open the document again from the vault.';
const NO_PREVIEW = 'No preview of this document is available yet.';
/** What the browser may show in the page (the viewer); everything else is saved as a file. */
const SHOWN_INLINE = /^(application\/pdf|image\/(png|jpeg|gif|webp))$/;

/**
 * A document's file (spec 001 §7 `GET document/doc/{id}?token`), streamed through the BFF from storage. A link
 * carries a download link token from `POST document/{id}/download-token` (DownloadLinks: that document only, 5
 * minutes, ends with the session); a request with an Authorization header needs none. The vault decides access
 * (`document:read`) in both cases.
 */
@ApiTags('vault')
@Controller('document')
export class DocumentFileController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly downloads: FileDownloads,
    private readonly links: DownloadLinks,
  ) {}

  @Post(':id/download-token')
  @ApiIdParam('id')
  @HttpCode(200)
  @ApiOkResponse({ description: 'A token for `document/doc/{id}?token=`, valid for this document for 5 minutes or until the session ends', schema: issuedLinkSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: DOCUMENT_NOT_FOUND })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'An id with characters that are not allowed' })
  async downloadToken(@Param('id') id: string, @Req() req: Request, @CurrentPrincipal() caller: Principal): Promise<IssuedLink> {
    const file = await this.rpc.request(GetDocumentFile, { id }, { authorization: req.headers.authorization! });
    const link = this.links.issue(linkResource.document(id), { storageKey: file.storage_key, previewKey: file.preview_key, fileName: file.file_name, mimeType: file.mime_type }, caller);
    return issuedLink(link, `document/doc/${encodeURIComponent(id)}`);
  }

  // Public to the guard: a link's `?token=` is a download link token, never an access token; this handler checks either.
  @Get('doc/:id')
  @ApiIdParam('id')
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

  private async grantOf(id: string, token: unknown, req: Request): Promise<LinkedFile & { previewKey: string | null }> {
    if (token !== undefined) {
      const file = await this.links.require(token, linkResource.document(id), LINK_INVALID);
      return { ...file, previewKey: file.previewKey ?? null };
    }
    await this.links.requireSignedIn(req.headers.authorization);
    const file = await this.rpc.request(GetDocumentFile, { id }, { authorization: req.headers.authorization! });
    return { storageKey: file.storage_key, previewKey: file.preview_key, fileName: file.file_name, mimeType: file.mime_type };
  }
}
