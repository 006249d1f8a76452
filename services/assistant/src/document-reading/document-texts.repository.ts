import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface DocumentTextCopy {
  documentId: string;
  attempt: number;
  locationId: string | null;
  accountId: string;
  fileName: string;
  pages: { page: number; text: string }[];
}

export const tableOf = (em: EntityManager, name: string): string => `"${em.config.get('schema') ?? 'assistant'}"."${name}"`;

/**
 * The assistant's copy of each document's text (from the vault's DocumentTextExtracted), which the document chat
 * answers from. One copy per document: a newer attempt replaces an older one, an older one arriving late is ignored.
 */
@Injectable()
export class DocumentTexts {
  /** Keeps the copy unless a newer attempt is there already; answers whether it was kept. */
  async keep(em: EntityManager, copy: DocumentTextCopy): Promise<boolean> {
    const rows = await em.execute<{ document_id: string }[]>(
      `insert into ${tableOf(em, 'document_text')} (document_id, attempt, location_id, account_id, file_name, updated_at)
       values (?, ?, ?, ?, ?, now())
       on conflict (document_id) do update set attempt = excluded.attempt, location_id = excluded.location_id, account_id = excluded.account_id,
         file_name = excluded.file_name, updated_at = now()
       where ${tableOf(em, 'document_text')}.attempt <= excluded.attempt
       returning document_id`,
      [copy.documentId, copy.attempt, copy.locationId, copy.accountId, copy.fileName],
    );
    if (rows.length === 0) return false;
    await em.execute(`delete from ${tableOf(em, 'document_text_page')} where document_id = ?`, [copy.documentId]);
    // PostgreSQL text refuses NUL, which a damaged text layer may carry: a space keeps every offset of the vault's facts.
    const pages = copy.pages.filter((page) => page.text.trim() !== '').map((page) => ({ ...page, text: page.text.replaceAll('\u0000', ' ') }));
    for (let i = 0; i < pages.length; i += 100) {
      const batch = pages.slice(i, i + 100);
      await em.execute(
        `insert into ${tableOf(em, 'document_text_page')} (document_id, page_number, text) values ${batch.map(() => '(?, ?, ?)').join(', ')}`,
        batch.flatMap((page) => [copy.documentId, page.page, page.text]),
      );
    }
    return true;
  }

  async find(em: EntityManager, documentId: string): Promise<DocumentTextCopy | null> {
    const head = (await em.execute<{ attempt: number; location_id: string | null; account_id: string; file_name: string }[]>(
      `select attempt, location_id, account_id, file_name from ${tableOf(em, 'document_text')} where document_id = ?`,
      [documentId],
    ))[0];
    if (!head) return null;
    const pages = await em.execute<{ page_number: number; text: string }[]>(
      `select page_number, text from ${tableOf(em, 'document_text_page')} where document_id = ? order by page_number`,
      [documentId],
    );
    return { documentId, attempt: head.attempt, locationId: head.location_id, accountId: head.account_id, fileName: head.file_name, pages: pages.map((p) => ({ page: p.page_number, text: p.text })) };
  }
}
