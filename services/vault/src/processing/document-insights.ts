import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DOCUMENT_CATEGORIES, type DataOf, type DocumentInsightsReady } from '@pm/contracts';
import { VAULT_CONFIG, type VaultConfig } from '../config/vault-env.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { ProcessingRepository } from './processing.repository.js';

/** Documents finished per pass of the deadline check. */
const OVERDUE_BATCH = 50;

/**
 * The assistant's insights (category, summary, the model's facts) stored for the attempt they answer, which finishes
 * the document PROCESSED. A document whose insights do not come within VAULT_INSIGHTS_TIMEOUT_MS (the assistant is
 * down, slow or not deployed) is finished without them by a periodic check, so none stays READY for ever; insights
 * arriving later for that same attempt are still stored.
 */
@Injectable()
export class DocumentInsights implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DocumentInsights');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly documents: DocumentsRepository,
    private readonly processing: ProcessingRepository,
    @Inject(VAULT_CONFIG) private readonly config: VaultConfig,
  ) {}

  async store(em: EntityManager, insights: DataOf<typeof DocumentInsightsReady>): Promise<void> {
    const row = await this.processing.lockAttempt(em, insights.documentId, insights.attempt, ['READY', 'PROCESSED']);
    if (!row) return;
    const finished = (await this.processing.summary(em, row.id)).summary_outcome !== null;
    if (finished) return;
    // Only the product's categories, and never over a person's choice.
    const categoryId = !row.category_chosen && DOCUMENT_CATEGORIES.some((c) => c.id === insights.categoryId) ? insights.categoryId : null;
    await this.processing.replaceFacts(em, row.id, 'model', insights.facts);
    await this.processing.saveInsights(em, row.id, { categoryId, summary: insights.summary, outcome: insights.outcome });
    await this.documents.setStatus(em, row.id, { status: 'PROCESSED', progress: 100, now: new Date() });
  }

  onApplicationBootstrap(): void {
    if (this.config.VAULT_INSIGHTS === 'assistant') this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Finishes the READY documents whose insights are overdue; answers how many. */
  async finishOverdue(now = new Date()): Promise<number> {
    return (this.orm.em.fork() as EntityManager).transactional(async (em) => {
      const ids = await this.processing.overdue(em, now, OVERDUE_BATCH);
      for (const id of ids) await this.documents.setStatus(em, id, { status: 'PROCESSED', progress: 100, from: ['READY'], now });
      return ids.length;
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    // Checked a few times per timeout, at most every 30 s: a document is finished at most a quarter late.
    const interval = Math.min(30_000, Math.max(250, Math.floor(this.config.VAULT_INSIGHTS_TIMEOUT_MS / 4)));
    this.timer = setTimeout(() => {
      this.running = this.finishOverdue()
        .catch((error: unknown) => this.logger.error({ err: error }, 'finishing documents without insights failed; trying again'))
        .finally(() => this.schedule());
    }, interval);
  }
}
