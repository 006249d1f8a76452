import { Module } from '@nestjs/common';
import { DocumentAccess } from './document-access.js';
import { DocumentRelocation } from './document-relocation.js';
import { DocumentsRepository } from './documents.repository.js';
import { OnDocumentDeletedConsumer } from './on-document-deleted.consumer.js';
import { VaultPlansModule } from '../plans/plans.module.js';

/** Documents: their rows, views and the access rule every document call decides with. */
@Module({
  imports: [VaultPlansModule],
  controllers: [OnDocumentDeletedConsumer],
  providers: [DocumentsRepository, DocumentAccess, DocumentRelocation],
  exports: [DocumentsRepository, DocumentAccess, DocumentRelocation],
})
export class DocumentsModule {}
