import { Module } from '@nestjs/common';
import { AutoSendModule } from '../auto-send/auto-send.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { MessageAccess } from './message-access.js';
import { MessageDrafts } from './message-drafts.repository.js';
import { OnReplyDraftCompletedConsumer } from './on-reply-draft-completed.consumer.js';

/** AI drafts of replies: versions, the assistant's answers, and what the draft calls (use cases) share. */
@Module({ imports: [TicketsModule, AutoSendModule], controllers: [OnReplyDraftCompletedConsumer], providers: [MessageDrafts, MessageAccess], exports: [MessageDrafts, MessageAccess] })
export class DraftsModule {}
