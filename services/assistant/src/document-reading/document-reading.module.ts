import { Module, type DynamicModule } from '@nestjs/common';
import { AiRuntime } from '@pm/ai';
import { DocumentReader } from './document-reader.js';
import { DocumentReadings } from './document-readings.repository.js';
import { DOCUMENT_READ_TIMEOUT, DocumentReadingWorker } from './document-reading-worker.js';
import { DocumentTexts } from './document-texts.repository.js';
import { OnDocumentTextExtractedConsumer } from './on-document-text-extracted.consumer.js';

/** Reading the vault's documents: category, summary and the lease facts the parser missed; the text kept for the chat. */
@Module({})
export class DocumentReadingModule {
  static forRoot(options: { timeoutMs: number }): DynamicModule {
    return {
      module: DocumentReadingModule,
      controllers: [OnDocumentTextExtractedConsumer],
      providers: [
        { provide: DocumentReader, inject: [AiRuntime], useFactory: (ai: AiRuntime) => new DocumentReader(ai) },
        { provide: DOCUMENT_READ_TIMEOUT, useValue: options.timeoutMs },
        DocumentTexts,
        DocumentReadings,
        DocumentReadingWorker,
      ],
    };
  }
}
