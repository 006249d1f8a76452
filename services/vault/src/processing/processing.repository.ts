import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type DocumentFact } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { DocumentRow } from '../documents/document-view.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { table } from '../documents/vault-tables.js';

/** A document's row locked for one processing attempt: the attempt is still current and the document not deleted. */
export type LockedAttempt = Pick<DocumentRow, 'id' | 'account_id' | 'location_id' | 'category_id' | 'category_chosen' | 'preview_key' | 'original_name'>;

/** The processing pipeline's writes: pages, extracted facts, insights, each guarded by the attempt it belongs to. */
@Injectable()
export class ProcessingRepository {
  constructor(private readonly documents: DocumentsRepository) {}

  /**
   * Locks the document for `attempt` while it is in one of `statuses`, or answers null: a newer attempt (reprocess)
   * or a delete has moved it on, so this attempt's work is dropped.
   */
  async lockAttempt(em: EntityManager, id: string, attempt: number, statuses: readonly string[]): Promise<LockedAttempt | null> {
    const rows = await em.execute<LockedAttempt[]>(
      `select id, account_id, location_id, category_id, category_chosen, preview_key, original_name from ${table(em, 'document')}
        where id = ? and attempt = ? and status in (${statuses.map(() => '?').join(', ')}) for update`,
      [id, attempt, ...statuses],
    );
    return rows[0] ?? null;
  }

  /** Moves progress within PROCESSING (recorded for the status stream); false when the attempt is no longer current. */
  async progress(em: EntityManager, id: string, attempt: number, progress: number): Promise<boolean> {
    if (!(await this.lockAttempt(em, id, attempt, ['PROCESSING']))) return false;
    return this.documents.setStatus(em, id, { status: 'PROCESSING', progress, from: ['PROCESSING'], now: new Date() });
  }

  /** Replaces the document's pages (a reprocess reads them anew). */
  async replacePages(em: EntityManager, id: string, pages: readonly { page: number; text: string; ocr: boolean }[]): Promise<void> {
    await em.execute(`delete from ${table(em, 'document_page')} where document_id = ?`, [id]);
    for (let i = 0; i < pages.length; i += 100) {
      const chunk = pages.slice(i, i + 100);
      await em.execute(
        `insert into ${table(em, 'document_page')} (document_id, page_number, text, ocr) values ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}`,
        // PostgreSQL text cannot hold NUL, which a damaged text layer may contain.
        chunk.flatMap((p) => [id, p.page, p.text.replaceAll('\u0000', ''), p.ocr]),
      );
    }
  }

  /** Replaces the facts of one source (the parser's on reading, the model's on insights). */
  async replaceFacts(em: EntityManager, id: string, source: DocumentFact['source'], facts: readonly DocumentFact[]): Promise<void> {
    await em.execute(`delete from ${table(em, 'document_extraction')} where document_id = ? and source = ?`, [id, source]);
    const now = new Date();
    for (let i = 0; i < facts.length; i += 100) {
      const chunk = facts.slice(i, i + 100);
      await em.execute(
        `insert into ${table(em, 'document_extraction')} (id, document_id, field, value, page_number, sentence, span_start, span_end, derived, source, created_at)
         values ${chunk.map(() => '(?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap((f) => [uuidv7(), id, f.field, JSON.stringify(f.value), f.page, f.sentence, f.span_start, f.span_end, f.derived, source, now]),
      );
    }
  }

  async facts(em: EntityManager, id: string): Promise<DocumentFact[]> {
    const rows = await em.execute<(Omit<DocumentFact, 'page'> & { page_number: number })[]>(
      `select field, value, page_number, sentence, span_start, span_end, derived, source from ${table(em, 'document_extraction')}
        where document_id = ? order by source desc, page_number nulls last, span_start nulls last, field`,
      [id],
    );
    return rows.map(({ page_number, ...fact }) => ({ ...fact, page: page_number }));
  }

  /** What the reading found, written with the document's move to READY (or PROCESSED without an assistant). */
  async saveReading(
    em: EntityManager,
    id: string,
    reading: { pageCount: number; previewKey: string | null; categoryId: number | null; insightsDueAt: Date | null },
  ): Promise<void> {
    await em.execute(
      `update ${table(em, 'document')} set page_count = ?, preview_key = ?, category_id = ?, insights_due_at = ?, summary = null, summary_outcome = null
        where id = ?`,
      [reading.pageCount, reading.previewKey, reading.categoryId, reading.insightsDueAt, id],
    );
  }

  async saveInsights(em: EntityManager, id: string, insights: { categoryId: number | null; summary: string | null; outcome: 'model' | 'fallback' }): Promise<void> {
    await em.execute(
      `update ${table(em, 'document')} set category_id = coalesce(?, category_id), summary = ?, summary_outcome = ?, insights_due_at = null where id = ?`,
      [insights.categoryId, insights.summary, insights.summary === null ? null : insights.outcome, id],
    );
  }

  async summary(em: EntityManager, id: string): Promise<{ summary: string | null; summary_outcome: 'model' | 'fallback' | null }> {
    const rows = await em.execute<{ summary: string | null; summary_outcome: 'model' | 'fallback' | null }[]>(
      `select summary, summary_outcome from ${table(em, 'document')} where id = ?`,
      [id],
    );
    return rows[0] ?? { summary: null, summary_outcome: null };
  }

  /** READY documents whose insights are overdue, locked for this pass (another process skips them). */
  async overdue(em: EntityManager, now: Date, limit: number): Promise<string[]> {
    const rows = await em.execute<{ id: string }[]>(
      `select id from ${table(em, 'document')} where status = 'READY' and insights_due_at <= ? order by insights_due_at limit ? for update skip locked`,
      [now, limit],
    );
    return rows.map((row) => row.id);
  }
}
