import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentInsightsReady } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { DocumentReader, type DocumentInsights, type ReadingPriority } from './document-reader.js';
import { DocumentReadings, READING_LANES, type ClaimedReading, type ReadingLane } from './document-readings.repository.js';
import { DocumentTexts } from './document-texts.repository.js';
import { withDeadline } from '../ai/with-deadline.js';

/** How long one document's reading may take before the vault is answered with the fallback. */
export const DOCUMENT_READ_TIMEOUT = Symbol('DOCUMENT_READ_TIMEOUT');

/** How often an idle reader looks for work another replica queued (its own consumer wakes it at once). */
const IDLE_POLL_MS = 2_000;
/** A claim outlives the reading's time limit by this much, so a reader that died is replaced soon after. */
const CLAIM_MARGIN_MS = 60_000;
/** How urgent each lane's readings are on the model's queue: a person's upload before an import. */
const LANE_PRIORITY: Record<ReadingLane, ReadingPriority> = { 0: 'attended', 1: 'background' };
/** Readings that threw this many times get the fallback rather than another try at every poll. */
export const MAX_READING_FAILURES = 3;

/**
 * Reads the queued documents, one at a time per lane (a loop for each, see `readingLane`), and answers the vault with
 * DocumentInsightsReady: the model's reading, or when it does not finish in time (or is unavailable) the keyword
 * category and the document's own opening. Lane 0's readings (a person's upload) ask the model as `attended`, lane 1's
 * as `background`, so the model works on an upload while an import's reading waits (preempted) rather than the other
 * way round. The time limit counts from when the reading starts, not from when it was queued, so a long queue delays
 * readings but does not turn them into fallbacks.
 */
@Injectable()
export class DocumentReadingWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DocumentReading');
  private readonly stopping = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly wakes = new Map<ReadingLane, () => void>();

  constructor(
    private readonly orm: MikroORM,
    private readonly reader: DocumentReader,
    private readonly readings: DocumentReadings,
    private readonly texts: DocumentTexts,
    @Inject(DOCUMENT_READ_TIMEOUT) private readonly timeoutMs: number,
  ) {}

  onApplicationBootstrap(): void {
    this.loops = READING_LANES.map((lane) => this.run(lane));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    for (const wake of this.wakes.values()) wake();
    await Promise.all(this.loops);
  }

  /** A reading was queued in `lane`: look now rather than at the next poll (it is seen once its transaction commits). */
  nudge(lane: ReadingLane): void {
    setTimeout(() => this.wakes.get(lane)?.(), 50).unref();
  }

  /** Reads the lane's next queued document, if any; answers whether there was one. */
  async readNext(lane: ReadingLane): Promise<boolean> {
    const claimed = await this.transaction(async (em): Promise<ClaimedReading | null> => {
      const claim = await this.readings.claimNext(em, lane, this.timeoutMs + CLAIM_MARGIN_MS);
      // The claim's row lock keeps the copy as claimed until this transaction ends.
      const copy = claim && (await this.texts.find(em, claim.documentId));
      return copy && { ...copy, ...claim.input, failures: claim.failures };
    });
    if (!claimed) return false;
    let insights: DocumentInsights;
    try {
      insights =
        claimed.failures >= MAX_READING_FAILURES
          ? this.reader.fallback(claimed, `The AI failed to read this document ${claimed.failures} times; reprocess it to try again.`)
          : await this.read(claimed, LANE_PRIORITY[lane]);
    } catch (error) {
      // Stopping, or a failure (counted): the reading goes back to the queue for the next reader.
      await this.transaction((em) => this.readings.release(em, claimed.documentId, claimed.attempt, !this.stopping.signal.aborted));
      throw error;
    }
    let current: boolean;
    try {
      current = await this.transaction(async (em) => {
        if (!(await this.readings.finish(em, claimed.documentId, claimed.attempt))) return false;
        recordEvent(em, DocumentInsightsReady, {
          documentId: claimed.documentId,
          attempt: claimed.attempt,
          locationId: claimed.locationId,
          accountId: claimed.accountId,
          categoryId: insights.categoryId,
          summary: insights.summary,
          summaryPages: insights.summaryPages.slice(0, 50),
          facts: insights.facts.slice(0, 100),
          outcome: insights.outcome,
          note: insights.note,
        });
        return true;
      });
    } catch (error) {
      // An answer that cannot be recorded (one the event's schema refuses) counts as a failed reading like one that
      // threw: without that, the claim would lapse and the same answer fail again for ever while the document waits in
      // READY; the third failure is answered with the fallback, which always can be.
      await this.transaction((em) => this.readings.release(em, claimed.documentId, claimed.attempt, !this.stopping.signal.aborted));
      throw error;
    }
    this.logger.log({ documentId: claimed.documentId, attempt: claimed.attempt, outcome: insights.outcome, note: insights.note, stale: !current }, 'document read');
    return true;
  }

  private async read(document: ClaimedReading, priority: ReadingPriority): Promise<DocumentInsights> {
    try {
      const insights = await withDeadline(this.timeoutMs, (signal) => this.reader.read(document, AbortSignal.any([signal, this.stopping.signal]), priority), () => new ReadTimeout());
      // Cut short by the service stopping (the reader answers with what it had): not an answer to send.
      this.stopping.signal.throwIfAborted();
      return insights;
    } catch (error) {
      if (!(error instanceof ReadTimeout) || this.stopping.signal.aborted) throw error;
      return this.reader.fallback(document, `The AI did not finish reading within ${Math.round(this.timeoutMs / 1000)} seconds.`);
    }
  }

  private async run(lane: ReadingLane): Promise<void> {
    while (!this.stopping.signal.aborted) {
      let read = false;
      try {
        read = await this.readNext(lane);
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        this.logger.error({ err: error }, 'reading a document failed; it is tried again');
      }
      if (!read) await this.idle(lane);
    }
  }

  private idle(lane: ReadingLane): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, IDLE_POLL_MS);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakes.set(lane, done);
    });
  }

  private transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return (this.orm.em.fork() as EntityManager).transactional(work);
  }
}

class ReadTimeout extends Error {}
