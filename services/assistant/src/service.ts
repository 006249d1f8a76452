import { UseCasesModule, type ServiceDefinition } from '@pm/nest-kit';
import { AiModule } from './ai/ai.module.js';
import { AnsweringModule } from './answering/answering.module.js';
import { ChatDeadlinesModule } from './answering/chat-deadlines.js';
import type { AssistantConfig } from './config/assistant-env.js';
import { KnowledgeItem } from './knowledge/knowledge-item.entity.js';
import { ManagerChatMessageRecord } from './manager-chat/manager-chat-message.entity.js';
import { ManagerChatSessionRecord } from './manager-chat/manager-chat-session.entity.js';
import { ManagerChatModule } from './manager-chat/manager-chat.module.js';
import { KnowledgeModule } from './knowledge/knowledge.module.js';
import { DocumentReadingModule } from './document-reading/document-reading.module.js';
import { DraftingModule } from './drafting/drafting.module.js';
import { assistantMigrations } from './migrations/index.js';
import { ReplyDraftsModule } from './reply-drafts/reply-drafts.module.js';
import { RetrievalModule } from './retrieval/retrieval.module.js';
import { ChatMessage } from './terri/chat-message.entity.js';
import { AreaFactsModule } from './terri/area-facts.module.js';
import { TerriModule } from './terri/terri.module.js';
import { VoiceAnswersModule } from './voice-answers/voice-answers.module.js';

/**
 * Assistant: the AI of the platform (reply drafting, the manager's AI chat, Terri). It keeps its own copy of every
 * location's knowledge (Q&A items and rules, from portfolio's events), which retrieval is built on, and the manager's
 * chat sessions, and a copy of the vault's documents' text, which it reads (category, summary, lease facts) and answers
 * the Documents tab from.
 */
export function assistantService(config?: AssistantConfig): ServiceDefinition {
  return {
    name: config?.DATABASE_SCHEMA ?? 'assistant',
    context: 'assistant',
    entities: [KnowledgeItem, ChatMessage, ManagerChatSessionRecord, ManagerChatMessageRecord],
    migrations: assistantMigrations,
    // Without a configuration (migrations only) no feature is loaded.
    features: config
      ? [
          AiModule,
          KnowledgeModule,
          RetrievalModule,
          DraftingModule,
          ReplyDraftsModule.forRoot({ timeoutMs: config.DRAFT_TIMEOUT_MS }),
          ChatDeadlinesModule.forRoot({ answerTimeoutMs: config.CHAT_ANSWER_TIMEOUT_MS, streamTimeoutMs: config.CHAT_STREAM_TIMEOUT_MS, generationMs: config.CHAT_GENERATION_MS }),
          AnsweringModule,
          AreaFactsModule.forRoot(config.TERRI_AREA_FACTS_DIR),
          TerriModule,
          VoiceAnswersModule,
          DocumentReadingModule.forRoot({ timeoutMs: config.DOCUMENT_READ_TIMEOUT_MS }),
          UseCasesModule.discover(import.meta.dirname, { imports: [ManagerChatModule, TerriModule] }),
        ]
      : [],
  };
}
