import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { DirectoryRepository } from './directory.repository.js';
import { EntityDocuments } from './entity-documents.js';
import { OnDirectoryEventsConsumer } from './on-directory-events.consumer.js';
import { TagTargets } from './tag-targets.js';

/** Who and what documents can be about: portfolio's buildings, units, tenants and managers, copied from its events. */
@Module({
  imports: [DocumentsModule],
  controllers: [OnDirectoryEventsConsumer],
  providers: [DirectoryRepository, TagTargets, EntityDocuments],
  exports: [DirectoryRepository, TagTargets, EntityDocuments],
})
export class DirectoryModule {}
