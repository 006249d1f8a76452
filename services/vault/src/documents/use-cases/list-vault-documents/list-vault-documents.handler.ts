import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { can, FOLDER_NOT_FOUND, ListVaultDocuments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { FoldersRepository } from '../../../folders/folders.repository.js';
import { documentPage } from '../../document-pages.js';
import { DocumentsRepository } from '../../documents.repository.js';
import { pgArray, table } from '../../vault-tables.js';

/**
 * GET vault/documents: one location's documents (`document:read`), or, without a location, those of every location
 * the caller may read plus their account's pending ones. Deleted documents are never listed. `search` matches the
 * name (any word, or a part of it) and the extracted text of any page (words, or a "quoted phrase").
 */
@Injectable()
@UseCase(ListVaultDocuments)
export class ListVaultDocumentsHandler implements UseCaseHandler<typeof ListVaultDocuments> {
  constructor(
    private readonly access: LocationAccess,
    private readonly documents: DocumentsRepository,
    private readonly folders: FoldersRepository,
  ) {}

  async handle(request: RequestOf<typeof ListVaultDocuments>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListVaultDocuments>> {
    const where: string[] = ["d.status <> 'DELETED'", 'd.deleted_at is null'];
    const params: unknown[] = [];
    if (request.property_location_id !== undefined) {
      const grant = await this.access.require(em, caller, request.property_location_id, 'document:read');
      where.push('d.location_id = ?');
      params.push(grant.locationId);
      if (request.folder_id === 'root') where.push('d.folder_id is null');
      else if (request.folder_id !== undefined) {
        const folder = await this.folders.find(em, request.folder_id);
        if (!folder || folder.location_id !== grant.locationId) throw RpcFailure.notFound(FOLDER_NOT_FOUND);
        where.push('d.folder_id = ?');
        params.push(folder.id);
      }
    } else if (request.pending_location) {
      where.push('d.location_id is null and d.account_id = ?');
      params.push(caller.accountId);
    } else {
      if (request.folder_id !== undefined) throw RpcFailure.notFound(FOLDER_NOT_FOUND);
      const readable = (await this.access.accessible(em, caller)).filter((grant) => can(grant.role, 'document:read')).map((grant) => grant.locationId);
      where.push('(d.location_id = any(?::text[]) or (d.location_id is null and d.account_id = ?))');
      params.push(pgArray(readable), caller.accountId);
    }
    if (request.status) {
      where.push('d.status = ?');
      params.push(request.status);
    }
    if (request.category_id !== undefined) {
      where.push('d.category_id = ?');
      params.push(request.category_id);
    }
    if (request.search) {
      where.push(`(d.name_search @@ plainto_tsquery('simple', ?) or d.original_name ilike ? escape '\\'
        or exists (select 1 from ${table(em, 'document_page')} p where p.document_id = d.id and p.search @@ websearch_to_tsquery('english', ?)))`);
      params.push(request.search, `%${request.search.replace(/[\\%_]/g, '\\$&')}%`, request.search);
    }
    return documentPage(em, this.documents, { where, params }, request);
  }
}
