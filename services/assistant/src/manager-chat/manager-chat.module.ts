import { Module } from '@nestjs/common';
import { AnsweringModule } from '../answering/index.js';
import { DocumentReadingModule } from '../document-reading/document-reading.module.js';
import { KnowledgeModule } from '../knowledge/knowledge.module.js';
import { ChatSessionsRepository } from './chat-sessions.repository.js';
import { ManagerChat } from './manager-chat.js';

/** The manager's AI chat: what its use cases share. */
@Module({ imports: [AnsweringModule, KnowledgeModule, DocumentReadingModule], providers: [ManagerChat, ChatSessionsRepository], exports: [ManagerChat, ChatSessionsRepository] })
export class ManagerChatModule {}
