import { Module, type DynamicModule } from '@nestjs/common';
import { DraftingModule } from '../drafting/drafting.module.js';
import { DRAFT_TIMEOUT, MessageDraftWriter } from './message-drafts.js';
import { OnDraftRequestedConsumer } from './on-draft-requested.consumer.js';

/** Drafts of replies to tenants' messages, asked for by messaging's events and answered by events. */
@Module({})
export class ReplyDraftsModule {
  static forRoot(options: { timeoutMs: number }): DynamicModule {
    return {
      module: ReplyDraftsModule,
      imports: [DraftingModule],
      controllers: [OnDraftRequestedConsumer],
      providers: [MessageDraftWriter, { provide: DRAFT_TIMEOUT, useValue: options.timeoutMs }],
    };
  }
}
