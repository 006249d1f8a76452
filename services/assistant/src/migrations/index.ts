import type { ServiceDefinition } from '@pm/nest-kit';
import { KnowledgeItemsMigration } from './20261124100001-knowledge-items.migration.js';
import { KnowledgeRetrievalMigration } from './20261124100002-knowledge-retrieval.migration.js';
import { TerriChatMigration } from './20261124100003-terri-chat.migration.js';
import { ManagerChatMigration } from './20261124100010-manager-chat.migration.js';
import { DocumentTextsMigration } from './20261125100001-document-texts.migration.js';
import { DocumentReadingQueueMigration } from './20261128100001-document-reading-queue.migration.js';
import { DocumentReadingFailuresMigration } from './20261128200001-document-reading-failures.migration.js';

/** The assistant schema's migrations, oldest first (the outbox/inbox tables come from @pm/messaging before these). */
export const assistantMigrations: ServiceDefinition['migrations'] = [KnowledgeItemsMigration, KnowledgeRetrievalMigration, TerriChatMigration, ManagerChatMigration, DocumentTextsMigration, DocumentReadingQueueMigration, DocumentReadingFailuresMigration];
