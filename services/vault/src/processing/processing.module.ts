import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { DocumentInsights } from './document-insights.js';
import { DocumentPipeline } from './document-pipeline.js';
import { DocumentReader } from './document-reader.js';
import { OnDocumentInsightsReadyConsumer } from './on-document-insights-ready.consumer.js';
import { OnDocumentUploadedConsumer } from './on-document-uploaded.consumer.js';
import { ProcessingRepository } from './processing.repository.js';

/** The processing pipeline: uploaded documents read into pages, facts and a category, then the assistant's insights. */
@Module({
  imports: [DocumentsModule],
  controllers: [OnDocumentUploadedConsumer, OnDocumentInsightsReadyConsumer],
  providers: [DocumentReader, DocumentPipeline, DocumentInsights, ProcessingRepository],
  exports: [ProcessingRepository],
})
export class ProcessingModule {}
