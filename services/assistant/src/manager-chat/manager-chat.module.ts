import { Module } from '@nestjs/common';
import { AnsweringModule } from '../answering/index.js';
import { DocumentTexts } from '../document-reading/document-texts.repository.js';
import { KnowledgeModule } from '../knowledge/knowledge.module.js';
import { ChatSessionsRepository } from './chat-sessions.repository.js';
import { ManagerChat } from './manager-chat.js';
import { StreamedAnswers } from './streamed-answers.js';

/** The manager's AI chat: what its use cases share. */
@Module({ imports: [AnsweringModule, KnowledgeModule], providers: [ManagerChat, StreamedAnswers, ChatSessionsRepository, DocumentTexts], exports: [ManagerChat, StreamedAnswers, ChatSessionsRepository] })
export class ManagerChatModule {}
