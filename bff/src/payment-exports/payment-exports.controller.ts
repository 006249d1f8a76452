import { BadRequestException, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { GetOwnerStatement, GetUnitLedger, ownerStatementMessages, paymentMessages, StatementMonthSchema } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { CurrentPrincipal, Public, type Principal } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { DownloadLinks, issuedLink, issuedLinkSchema, LINK_INVALID, linkResource, type IssuedLink } from '../files/download-links.js';
import { FileDownloads } from '../files/file-downloads.js';
import { GeneratedFiles, sendGeneratedFile, type GeneratedFile } from '../files/generated-files.js';
import { ApiIdParam, errorSchema } from '../http/zod-openapi.js';
import { ledgerCsvFile } from './ledger-csv.js';
import { OWNER_STATEMENTS_PREFIX, ownerStatementFile, type OwnerStatementFormat } from './owner-statement-files.js';

const FORMAT_MESSAGE = 'Format must be pdf or csv';
const LEDGERS_PREFIX = 'bff/unit-ledgers';

function formatOf(format: unknown): OwnerStatementFormat {
  const chosen = format === undefined || format === '' ? 'pdf' : format;
  if (chosen !== 'pdf' && chosen !== 'csv') throw new BadRequestException(FORMAT_MESSAGE);
  return chosen;
}

function monthOf(month: unknown): string {
  const parsed = StatementMonthSchema.safeParse(month);
  if (!parsed.success) throw new BadRequestException(ownerStatementMessages.month);
  return parsed.data;
}

/**
 * The payments downloads: a unit's ledger as CSV and a location's monthly owner statement as PDF or CSV. The record
 * comes from payments (`payment:read` on the location; 404 otherwise) and the BFF renders it, as the thread export:
 * a request carries the access token in its Authorization header; a link carries a download link token from the
 * matching `…/download-token` call (DownloadLinks: this file only, 5 minutes), which opens the file made when it was
 * issued.
 */
@ApiTags('payments')
@Controller()
export class PaymentExportsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly links: DownloadLinks,
    private readonly downloads: FileDownloads,
    private readonly files: GeneratedFiles,
  ) {}

  @Post('unit/:id/ledger/export/download-token')
  @ApiIdParam('id')
  @HttpCode(200)
  @ApiOkResponse({ description: "A token for `unit/{id}/ledger/export?token=`, valid for this unit's ledger CSV for 5 minutes", schema: issuedLinkSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: paymentMessages.unitNotFound })
  async ledgerToken(@Param('id') id: string, @Req() req: Request, @CurrentPrincipal() caller: Principal): Promise<IssuedLink> {
    const file = await this.files.keep(await this.ledgerFile(id, req), LEDGERS_PREFIX);
    return issuedLink(this.links.issue(linkResource.unitLedger(id), file, caller), `unit/${encodeURIComponent(id)}/ledger/export`);
  }

  // Public to the guard: a link's `?token=` is a download link token, never an access token; this handler checks either.
  @Get('unit/:id/ledger/export')
  @ApiIdParam('id')
  @Public()
  @ApiQuery({ name: 'token', required: false, description: 'A download link token of this ledger (from POST unit/{id}/ledger/export/download-token)' })
  @ApiOkResponse({
    description: "The unit's whole ledger as CSV: each line with its kind, method, status, charge or payment and running balance",
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 401, schema: errorSchema, description: LINK_INVALID })
  @ApiNotFoundResponse({ schema: errorSchema, description: paymentMessages.unitNotFound })
  async ledger(@Param('id') id: string, @Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (token !== undefined) {
      const kept = await this.links.require(token, linkResource.unitLedger(id));
      await this.downloads.send(res, kept.storageKey, { fileName: kept.fileName, mode: 'stream' });
      return;
    }
    await this.links.requireSignedIn(req.headers.authorization);
    sendGeneratedFile(res, await this.ledgerFile(id, req));
  }

  @Post('property-location/:id/owner-statement/export/download-token')
  @ApiIdParam('id')
  @HttpCode(200)
  @ApiQuery({ name: 'month', required: true, schema: { type: 'string', pattern: '^20[0-9]{2}-(0[1-9]|1[0-2])$' }, description: 'YYYY-MM, this month or an earlier one' })
  @ApiQuery({ name: 'format', enum: ['pdf', 'csv'], required: false, description: 'pdf (default) or csv' })
  @ApiOkResponse({ description: 'A token for `property-location/{id}/owner-statement/export?month=&format=&token=`, valid for this statement for 5 minutes', schema: issuedLinkSchema })
  @ApiBadRequestResponse({ schema: errorSchema, description: `${FORMAT_MESSAGE}; ${ownerStatementMessages.month}; ${ownerStatementMessages.futureMonth}` })
  @ApiNotFoundResponse({ schema: errorSchema, description: paymentMessages.locationNotFound })
  async statementToken(@Param('id') id: string, @Query('month') month: unknown, @Query('format') format: unknown, @Req() req: Request, @CurrentPrincipal() caller: Principal): Promise<IssuedLink> {
    const [chosenMonth, chosen] = [monthOf(month), formatOf(format)];
    const file = await this.files.keep(await this.statementFile(id, chosenMonth, chosen, req), OWNER_STATEMENTS_PREFIX);
    const link = this.links.issue(linkResource.ownerStatement(id, chosenMonth, chosen), file, caller);
    return issuedLink(link, `property-location/${encodeURIComponent(id)}/owner-statement/export?month=${chosenMonth}&format=${chosen}`);
  }

  // Public to the guard: a link's `?token=` is a download link token, never an access token; this handler checks either.
  @Get('property-location/:id/owner-statement/export')
  @ApiIdParam('id')
  @Public()
  @ApiQuery({ name: 'month', required: true, schema: { type: 'string', pattern: '^20[0-9]{2}-(0[1-9]|1[0-2])$' }, description: 'YYYY-MM, this month or an earlier one' })
  @ApiQuery({ name: 'format', enum: ['pdf', 'csv'], required: false, description: 'pdf (default) or csv' })
  @ApiQuery({ name: 'token', required: false, description: 'A download link token of this statement (from POST property-location/{id}/owner-statement/export/download-token)' })
  @ApiOkResponse({
    description: "The location's owner statement for the month, as a PDF or CSV attachment",
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 401, schema: errorSchema, description: LINK_INVALID })
  @ApiBadRequestResponse({ schema: errorSchema, description: `${FORMAT_MESSAGE}; ${ownerStatementMessages.month}; ${ownerStatementMessages.futureMonth}` })
  @ApiNotFoundResponse({ schema: errorSchema, description: paymentMessages.locationNotFound })
  async statement(@Param('id') id: string, @Query('month') month: unknown, @Query('format') format: unknown, @Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const [chosenMonth, chosen] = [monthOf(month), formatOf(format)];
    if (token !== undefined) {
      const kept = await this.links.require(token, linkResource.ownerStatement(id, chosenMonth, chosen));
      await this.downloads.send(res, kept.storageKey, { fileName: kept.fileName, mode: 'stream' });
      return;
    }
    await this.links.requireSignedIn(req.headers.authorization);
    sendGeneratedFile(res, await this.statementFile(id, chosenMonth, chosen, req));
  }

  private async ledgerFile(id: string, req: Request): Promise<GeneratedFile> {
    const ledger = await this.rpc.request(GetUnitLedger, { id }, { authorization: req.headers.authorization! });
    return ledgerCsvFile(ledger, ledger.unit_id);
  }

  private async statementFile(id: string, month: string, format: OwnerStatementFormat, req: Request): Promise<GeneratedFile> {
    const statement = await this.rpc.request(GetOwnerStatement, { id, month }, { authorization: req.headers.authorization! });
    return ownerStatementFile(statement, format);
  }
}
