import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentInsightsReady, type DocumentTextExtracted, type EventOf } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { DocumentReader, openingSentences, type DocumentInsights } from './document-reader.js';
import { DocumentTexts } from './document-texts.repository.js';
import { withDeadline } from '../ai/with-deadline.js';

/**
 * How long one document's reading may take before the vault is answered with the fallback (the keyword category and
 * the document's own opening): under the consumer's ack wait, so JetStream never hands the same document out twice.
 */
export const DOCUMENT_READ_TIMEOUT_MS = 240_000;

/** Keeps the document's text for the chat, reads it, and answers the vault with what was read (once per attempt). */
@Injectable()
export class DocumentInsightsWriter {
  private readonly logger = new Logger('DocumentInsights');

  constructor(
    private readonly reader: DocumentReader,
    private readonly texts: DocumentTexts,
  ) {}

  async answer(em: EntityManager, event: EventOf<typeof DocumentTextExtracted>, timeoutMs = DOCUMENT_READ_TIMEOUT_MS): Promise<void> {
    const data = event.data;
    const kept = await this.texts.keep(em, { documentId: data.documentId, attempt: data.attempt, locationId: data.locationId, accountId: data.accountId, fileName: data.fileName, pages: data.pages });
    // A newer attempt has been read already: this one's answer would be stale.
    if (!kept) return;
    let insights: DocumentInsights;
    try {
      insights = await withDeadline(
        timeoutMs,
        (signal) =>
          this.reader.read(
            { fileName: data.fileName, pages: data.pages, chosenCategoryId: data.chosenCategoryId, suggestedCategoryId: data.suggestedCategoryId, facts: data.facts },
            signal,
          ),
        () => new ReadTimeout(),
      );
    } catch (error) {
      if (!(error instanceof ReadTimeout)) throw error;
      const opening = openingSentences(data.pages);
      insights = {
        categoryId: data.chosenCategoryId === null ? data.suggestedCategoryId : null,
        summary: opening.text,
        summaryPages: opening.pages,
        facts: [],
        outcome: 'fallback',
        note: `The AI did not finish reading within ${Math.round(timeoutMs / 1000)} seconds.`,
      };
    }
    this.logger.log({ documentId: data.documentId, attempt: data.attempt, outcome: insights.outcome, note: insights.note }, 'document read');
    recordEvent(em, DocumentInsightsReady, {
      documentId: data.documentId,
      attempt: data.attempt,
      locationId: data.locationId,
      accountId: data.accountId,
      categoryId: insights.categoryId,
      summary: insights.summary,
      summaryPages: insights.summaryPages.slice(0, 50),
      facts: insights.facts.slice(0, 100),
      outcome: insights.outcome,
      note: insights.note,
    });
    await em.flush();
  }
}

class ReadTimeout extends Error {}
