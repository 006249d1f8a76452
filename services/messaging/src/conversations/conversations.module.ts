import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { ConversationAccess } from './conversation-access.js';
import { ConversationInbound } from './conversation-inbound.js';
import { ConversationsRepository } from './conversations.repository.js';

/** Vendor and group conversations: their read model, sends and archive, and the SMS webhook's path into them. */
@Module({
  imports: [OutboundModule, InboxModule],
  providers: [ConversationsRepository, ConversationAccess, ConversationInbound],
  exports: [ConversationsRepository, ConversationAccess, ConversationInbound, InboxModule],
})
export class ConversationsModule {}
