import { Module } from '@nestjs/common';
import { Directory } from './directory.js';
import { OnDirectoryEventsConsumer } from './on-directory-events.consumer.js';

/** Who is who for notifications and tickets: partners, users and locations, copied from their contexts' events. */
@Module({ controllers: [OnDirectoryEventsConsumer], providers: [Directory], exports: [Directory] })
export class DirectoryModule {}
