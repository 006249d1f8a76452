import { Module } from '@nestjs/common';
import { DirectoryRepository } from './directory.repository.js';
import { OnDirectoryEventsConsumer } from './on-directory-events.consumer.js';
import { TagTargets } from './tag-targets.js';

/** Who and what documents can be about: portfolio's buildings, units, tenants and managers, copied from its events. */
@Module({ controllers: [OnDirectoryEventsConsumer], providers: [DirectoryRepository, TagTargets], exports: [DirectoryRepository, TagTargets] })
export class DirectoryModule {}
