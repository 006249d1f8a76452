import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { can, decodeCursor, encodeCursor, FOLDER_NOT_FOUND, ListVaultDocuments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { FoldersRepository } from '../../../folders/folders.repository.js';
import { DOCUMENT_COLUMNS, type DocumentRow } from '../../document-view.js';
import { DocumentsRepository } from '../../documents.repository.js';
import { pgArray, table } from '../../vault-tables.js';

type Sort = RequestOf<typeof ListVaultDocuments>['sort'];

/** Each sort's key, as SQL and as the type its cursor value is compared as; ties are broken by id. */
const SORT_KEYS: Record<Sort, { sql: string; cast: string }> = {
  created_at: { sql: 'd.created_at', cast: 'timestamptz' },
  name: { sql: 'lower(d.original_name)', cast: 'text' },
  size: { sql: 'd.size', cast: 'bigint' },
  status: { sql: 'd.status', cast: 'text' },
  category: { sql: 'coalesce(d.category_id, 0)', cast: 'integer' },
};

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
    const total = Number((await em.execute<{ n: string }[]>(`select count(*) as n from ${table(em, 'document')} d where ${where.join(' and ')}`, params))[0]?.n ?? 0);

    const key = SORT_KEYS[request.sort];
    const direction = request.order === 'asc' ? 'asc' : 'desc';
    const comparison = direction === 'asc' ? '>' : '<';
    const page = [...where];
    const pageParams = [...params];
    if (request.cursor) {
      const position = decodeCursor(request.cursor, 2);
      if (!position) throw RpcFailure.badRequest('Invalid cursor');
      page.push(`(${key.sql}, d.id) ${comparison} (?::${key.cast}, ?::uuid)`);
      pageParams.push(position[0], position[1]);
    }
    const rows = await em.execute<(DocumentRow & { sort_key: string | number | Date })[]>(
      `select ${DOCUMENT_COLUMNS}, ${key.sql} as sort_key from ${table(em, 'document')} d
        where ${page.join(' and ')} order by ${key.sql} ${direction}, d.id ${direction} limit ?`,
      [...pageParams, request.limit + 1],
    );
    const items = rows.slice(0, request.limit);
    const last = items.at(-1);
    const lastKey = last ? (last.sort_key instanceof Date ? last.sort_key.toISOString() : String(last.sort_key)) : null;
    return {
      items: await this.documents.views(em, items),
      next_cursor: rows.length > request.limit && last ? encodeCursor([lastKey, last.id]) : null,
      total,
    };
  }
}
