import { Module } from '@nestjs/common';
import { EmailTemplatesModule } from '../email-templates/email-templates.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { RepliesRepository } from './replies.repository.js';

/** The team's replies, archiving and the Sent lists, shared by their use cases and by auto-send. */
@Module({ imports: [OutboundModule, InboxModule, EmailTemplatesModule], providers: [RepliesRepository], exports: [RepliesRepository, OutboundModule, InboxModule] })
export class RepliesModule {}
