import { Module } from '@nestjs/common';
import { DirectoryRepository } from './directory.repository.js';
import { OnDirectoryEventsConsumer } from './on-directory-events.consumer.js';

/** Whose rent it is: portfolio's locations (with their time zones), buildings, units and tenants, copied from its events. */
@Module({
  controllers: [OnDirectoryEventsConsumer],
  providers: [DirectoryRepository],
  exports: [DirectoryRepository],
})
export class DirectoryModule {}
