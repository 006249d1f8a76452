import { Module } from '@nestjs/common';
import { DraftingModule } from '../drafting/drafting.module.js';
import { MessageDraftWriter } from './message-drafts.js';
import { OnDraftRequestedConsumer } from './on-draft-requested.consumer.js';

/** Drafts of replies to tenants' messages, asked for by messaging's events and answered by events. */
@Module({ imports: [DraftingModule], controllers: [OnDraftRequestedConsumer], providers: [MessageDraftWriter] })
export class ReplyDraftsModule {}
