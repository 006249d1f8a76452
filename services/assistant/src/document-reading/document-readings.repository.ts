import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentFactSchema, type DocumentSource } from '@pm/contracts';
import { z } from 'zod';
import { tableOf, type DocumentTextCopy } from './document-texts.repository.js';

/** The queue's lanes: 0 for documents a person waits for, 1 for those that came on their own. */
export type ReadingLane = 0 | 1;
export const READING_LANES: readonly ReadingLane[] = [0, 1];

/**
 * The lane a document is read in, oldest first within it: 0 for one a person is waiting for (their upload, a file
 * attached to a record, a reprocess they asked for), 1 for those that arrived on their own (a cloud drive import, an
 * e-mail attachment, the demo's files). Each lane has its own reader, and lane 0's readings are more urgent on the
 * model's queue, so a watched upload is neither queued behind a whole import nor behind the one being read.
 */
export function readingLane(source: DocumentSource | undefined, attempt: number): ReadingLane {
  if (attempt > 1) return 0;
  return source === 'cloud_drive' || source === 'email' || source === 'demo' ? 1 : 0;
}

/** What a reading needs beyond the pages (those are the text copy's). */
const ReadingInputSchema = z.object({
  chosenCategoryId: z.number().int().nullable(),
  suggestedCategoryId: z.number().int().nullable(),
  facts: z.array(DocumentFactSchema),
});
export type ReadingInput = z.infer<typeof ReadingInputSchema>;

/** A reading a reader has claimed: the document's text copy, what the reading needs beyond it, its failures so far. */
export type ClaimedReading = DocumentTextCopy & ReadingInput & { failures: number };

/**
 * The queue of documents to read, kept on their text copies (DocumentTexts) in PostgreSQL: it survives restarts, is
 * shared by replicas (a claim skips rows another one holds), and is read in lane order rather than arrival order.
 */
@Injectable()
export class DocumentReadings {
  /** Asks for the reading of the copy's current attempt (after DocumentTexts.keep kept it); frees any older claim. */
  async enqueue(em: EntityManager, documentId: string, attempt: number, lane: ReadingLane, input: ReadingInput): Promise<void> {
    await em.execute(
      `update ${tableOf(em, 'document_text')} set reading_lane = ?, reading_queued_at = now(), reading_input = ?, reading_claimed_until = null, reading_failures = 0
        where document_id = ? and attempt = ?`,
      [lane, JSON.stringify(input), documentId, attempt],
    );
  }

  /**
   * Claims the lane's next reading for `holdMs` (another reader may take it after that): the document and attempt, and
   * what the reading needs beyond the text copy, and how many times reading it failed already. Null when none waits.
   */
  async claimNext(em: EntityManager, lane: ReadingLane, holdMs: number): Promise<{ documentId: string; attempt: number; failures: number; input: ReadingInput } | null> {
    const text = tableOf(em, 'document_text');
    const claimed = (await em.execute<{ document_id: string; attempt: number; reading_failures: number; reading_input: unknown }[]>(
      `update ${text} set reading_claimed_until = now() + (? * interval '1 millisecond')
        where document_id = (
          select document_id from ${text}
           where reading_lane = ? and (reading_claimed_until is null or reading_claimed_until < now())
           order by reading_queued_at limit 1 for update skip locked)
        returning document_id, attempt, reading_failures, reading_input`,
      [holdMs, lane],
    ))[0];
    if (!claimed) return null;
    const input = ReadingInputSchema.safeParse(claimed.reading_input);
    return {
      documentId: claimed.document_id,
      attempt: claimed.attempt,
      failures: claimed.reading_failures,
      // A stored input this code cannot read is read as a document with nothing chosen or found yet.
      input: input.success ? input.data : { chosenCategoryId: null, suggestedCategoryId: null, facts: [] },
    };
  }

  /**
   * Ends the reading of `attempt`: true when it was still the copy's current attempt and waiting (the caller then
   * records the answer in the same transaction); false when a newer attempt replaced it meanwhile (its answer is stale).
   */
  async finish(em: EntityManager, documentId: string, attempt: number): Promise<boolean> {
    const rows = await em.execute<{ document_id: string }[]>(
      `update ${tableOf(em, 'document_text')} set reading_lane = null, reading_queued_at = null, reading_input = null, reading_claimed_until = null
        where document_id = ? and attempt = ? and reading_lane is not null returning document_id`,
      [documentId, attempt],
    );
    return rows.length > 0;
  }

  /**
   * Gives a claimed reading back: the next reader takes it without waiting out the claim. `failed`: the reading threw
   * (not the service stopping), which is counted.
   */
  async release(em: EntityManager, documentId: string, attempt: number, failed: boolean): Promise<void> {
    await em.execute(
      `update ${tableOf(em, 'document_text')} set reading_claimed_until = null, reading_failures = least(reading_failures + ?, 100) where document_id = ? and attempt = ?`,
      [failed ? 1 : 0, documentId, attempt],
    );
  }
}
