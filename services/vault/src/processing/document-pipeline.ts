import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DOCUMENT_CATEGORIES, DocumentTextExtracted, vaultLimits, type DataOf, type DocumentUploaded } from '@pm/contracts';
import { ConversionFailedError, DocumentTooComplexError, suggestCategory, ToolFailedError, UnreadableDocumentError } from '@pm/document-reading';
import { FileStore } from '@pm/files';
import { recordEvent, RpcFailure } from '@pm/messaging';
import { VAULT_CONFIG, type VaultConfig } from '../config/vault-env.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { DocumentReader } from './document-reader.js';
import { pagesForInsights, parserFacts } from './parser-facts.js';
import { ProcessingRepository } from './processing.repository.js';

/** MinIO key prefix of the PDFs office files are converted to (the viewer's preview). */
export const VAULT_PREVIEW_PREFIX = 'vault/previews';

/** Progress of each step, as the status stream shows it. */
const PROGRESS = { fetched: 20, read: 60, converted: 70, facts: 90 } as const;

/** This attempt was overtaken (a reprocess, a delete): its work is dropped without a trace. */
class AttemptSuperseded extends Error {}

/**
 * One document's processing: its file copied from MinIO into a private temp dir (streamed, removed afterwards), read
 * into pages (text layer, OCR, LibreOffice for office files, whose PDF becomes the preview), the parser's facts and a
 * provisional category, then READY with `DocumentTextExtracted` for the assistant (or PROCESSED straight away when the
 * vault runs without one). Each step commits on its own, so the status stream shows the progress while it runs.
 */
@Injectable()
export class DocumentPipeline {
  private readonly logger = new Logger('DocumentPipeline');

  constructor(
    private readonly orm: MikroORM,
    private readonly documents: DocumentsRepository,
    private readonly processing: ProcessingRepository,
    private readonly files: FileStore,
    private readonly reader: DocumentReader,
    @Inject(VAULT_CONFIG) private readonly config: VaultConfig,
  ) {}

  /**
   * Processes one delivery of `DocumentUploaded`. Does nothing for an old attempt, a document already past this
   * attempt's processing, or one being deleted. A failure that another attempt may cure (a killed conversion, storage
   * unavailable) is thrown for JetStream to redeliver with backoff until VAULT_PROCESSING_ATTEMPTS; after that, or at
   * once for a file that can never be read (corrupt, a zip bomb), the document is FAILED with a reason.
   */
  async process(event: DataOf<typeof DocumentUploaded>, deliveryCount: number): Promise<void> {
    const { documentId: id, attempt } = event;
    const current = await this.tx((em) => this.processing.lockAttempt(em, id, attempt, ['PROCESSING']));
    if (!current) return;
    const dir = await mkdtemp(join(tmpdir(), 'vault-processing-'));
    const abort = new AbortController();
    const timeoutMs = this.config.VAULT_PROCESSING_TIMEOUT_MS;
    const timer = setTimeout(() => abort.abort(new Error(`Processing took longer than ${Math.round(timeoutMs / 60_000) || 1} minutes and was stopped.`)), timeoutMs);
    let previewKey: string | null = null;
    try {
      // The copy's name is fixed: the uploader's file name never reaches the file system.
      const input = join(dir, 'original');
      const opened = await this.files.openStream(event.storageKey);
      await pipeline(opened.stream, createWriteStream(input, { mode: 0o600 }), { signal: abort.signal });
      await this.step(id, attempt, PROGRESS.fetched);

      const reading = await abortable(this.reader.read(input, event.contentType, dir, { timeoutMs, signal: abort.signal }), abort.signal);
      await this.step(id, attempt, PROGRESS.read);
      if (reading.previewPdf) {
        const stored = await this.files.put(createReadStream(reading.previewPdf), { prefix: VAULT_PREVIEW_PREFIX, maxBytes: vaultLimits.documentBytes, accept: ['application/pdf'] });
        previewKey = stored.key;
        await this.step(id, attempt, PROGRESS.converted);
      }
      const texts = reading.pages.map((page) => page.text);
      const facts = parserFacts(texts);
      await this.step(id, attempt, PROGRESS.facts);

      const finished = await this.tx(async (em) => {
        const row = await this.processing.lockAttempt(em, id, attempt, ['PROCESSING']);
        if (!row) return null;
        // A category a person chose stays; otherwise the keyword categoriser's is provisional until the assistant's.
        const suggested = row.category_chosen ? undefined : suggestCategory(texts.join('\n'), DOCUMENT_CATEGORIES)?.categoryId;
        const categoryId = suggested ?? row.category_id;
        const withAssistant = this.config.VAULT_INSIGHTS === 'assistant';
        await this.processing.replacePages(em, id, reading.pages);
        await this.processing.replaceFacts(em, id, 'parser', facts);
        await this.processing.replaceFacts(em, id, 'model', []);
        await this.processing.saveReading(em, id, {
          pageCount: reading.pages.length,
          previewKey: previewKey ?? (event.contentType === 'application/pdf' ? null : row.preview_key),
          categoryId,
          insightsDueAt: withAssistant ? new Date(Date.now() + this.config.VAULT_INSIGHTS_TIMEOUT_MS) : null,
        });
        const now = new Date();
        await this.documents.setStatus(em, id, { status: 'READY', progress: 100, from: ['PROCESSING'], failureReason: null, now });
        if (withAssistant) {
          recordEvent(em, DocumentTextExtracted, {
            documentId: id,
            locationId: row.location_id,
            accountId: row.account_id,
            attempt,
            fileName: row.original_name,
            source: event.source,
            chosenCategoryId: row.category_chosen ? row.category_id : null,
            suggestedCategoryId: suggested ?? null,
            ...pagesForInsights(reading.pages),
            facts,
          });
        } else {
          await this.documents.setStatus(em, id, { status: 'PROCESSED', progress: 100, from: ['READY'], now });
        }
        return { replacedPreview: previewKey && row.preview_key !== previewKey ? row.preview_key : null };
      });
      if (!finished) throw new AttemptSuperseded();
      if (finished.replacedPreview) await this.removeIfUnreferenced(finished.replacedPreview);
      previewKey = null;
    } catch (error) {
      if (previewKey) await this.removeIfUnreferenced(previewKey);
      if (error instanceof AttemptSuperseded) return;
      const missing = error instanceof RpcFailure && error.status === 404;
      const permanent = missing || isPermanent(error);
      if (!permanent && deliveryCount < this.config.VAULT_PROCESSING_ATTEMPTS) {
        this.logger.warn({ documentId: id, attempt, deliveryCount, err: error }, 'document processing failed; it will be retried');
        throw error;
      }
      const reason = missing ? "The document's file is missing from storage." : permanent ? (error as Error).message : `Processing failed after ${deliveryCount} attempts: ${describe(error, abort.signal)}`;
      this.logger.error({ documentId: id, attempt, deliveryCount, err: error }, 'document processing failed for good');
      await this.tx(async (em) => {
        if (await this.processing.lockAttempt(em, id, attempt, ['PROCESSING'])) {
          await this.documents.setStatus(em, id, { status: 'FAILED', progress: 100, from: ['PROCESSING'], failureReason: reason.slice(0, 500), now: new Date() });
        }
      });
    } finally {
      clearTimeout(timer);
      abort.abort();
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Commits a progress step; a superseded attempt stops here. */
  private async step(id: string, attempt: number, progress: number): Promise<void> {
    if (!(await this.tx((em) => this.processing.progress(em, id, attempt, progress)))) throw new AttemptSuperseded();
  }

  private async removeIfUnreferenced(key: string): Promise<void> {
    try {
      if (!(await this.tx((em) => this.documents.isReferenced(em, key)))) await this.files.remove(key);
    } catch (error) {
      this.logger.warn({ key, err: error }, 'a preview left behind could not be removed');
    }
  }

  private tx<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return (this.orm.em.fork() as EntityManager).transactional(work);
  }
}

/** Waits for the work, or rejects as soon as the attempt's time is up (the work is then abandoned). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Files no attempt can read: corrupt, encrypted, too large, or an archive that would expand beyond safe limits. */
function isPermanent(error: unknown): boolean {
  if (error instanceof DocumentTooComplexError) return true;
  if (error instanceof UnreadableDocumentError) return error.reason !== 'timeout';
  return false;
}

/** A retried failure in words a manager can act on (the library's errors already are; infrastructure's are not). */
function describe(error: unknown, signal: AbortSignal): string {
  if (signal.aborted && signal.reason instanceof Error) return signal.reason.message;
  if (error instanceof ConversionFailedError || error instanceof UnreadableDocumentError || error instanceof ToolFailedError) return error.message;
  if (isStorageError(error)) return "The document's file could not be read from storage.";
  return 'An unexpected error occurred while reading the document.';
}

function isStorageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|NoSuchKey|NotFound|AccessDenied|SlowDown|InternalError)$/.test(code);
}
