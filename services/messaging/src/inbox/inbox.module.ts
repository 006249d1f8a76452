import { Module } from '@nestjs/common';
import { InboxRepository } from './inbox.repository.js';
import { SessionAccess } from './session-access.js';

/** The inbox read model: lists, threads, unread counts and read state, shared by its use cases. */
@Module({ providers: [InboxRepository, SessionAccess], exports: [InboxRepository, SessionAccess] })
export class InboxModule {}
