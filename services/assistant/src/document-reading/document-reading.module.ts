import { Module } from '@nestjs/common';
import { AiRuntime } from '@pm/ai';
import { DocumentInsightsWriter } from './document-insights-writer.js';
import { DocumentReader } from './document-reader.js';
import { DocumentTexts } from './document-texts.repository.js';
import { OnDocumentTextExtractedConsumer } from './on-document-text-extracted.consumer.js';

/** Reading the vault's documents: category, summary and the lease facts the parser missed; the text kept for the chat. */
@Module({
  controllers: [OnDocumentTextExtractedConsumer],
  providers: [{ provide: DocumentReader, inject: [AiRuntime], useFactory: (ai: AiRuntime) => new DocumentReader(ai) }, DocumentTexts, DocumentInsightsWriter],
  exports: [DocumentTexts],
})
export class DocumentReadingModule {}
