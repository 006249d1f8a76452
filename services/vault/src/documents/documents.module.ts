import { Module } from '@nestjs/common';
import { DocumentAccess } from './document-access.js';
import { DocumentsRepository } from './documents.repository.js';

/** Documents: their rows, views and the access rule every document call decides with. */
@Module({
  providers: [DocumentsRepository, DocumentAccess],
  exports: [DocumentsRepository, DocumentAccess],
})
export class DocumentsModule {}
