import { AccessTablesMigration } from '@pm/access';
import type { ServiceDefinition } from '@pm/nest-kit';
import { MessagingFoundationMigration } from './20261124200001-messaging-foundation.migration.js';
import { InboxMigration } from './20261124200002-inbox.migration.js';
import { EmailInMigration } from './20261124200003-email-in.migration.js';
import { DraftsMigration } from './20261124200004-drafts.migration.js';
import { OutboundMigration } from './20261124200005-outbound.migration.js';
import { SendingMigration } from './20261124200010-sending.migration.js';
import { InboundCallsMigration } from './20261124200030-inbound-calls.migration.js';
import { TicketsMigration } from './20261124200020-tickets.migration.js';
import { EmailAttachmentsMigration } from './20261124200060-email-attachments.migration.js';
import { OneLocationCopyMigration } from './20261124200090-one-location-copy.migration.js';
import { EmailTemplatesMigration } from './20261124200100-email-templates.migration.js';
import { ConversationsMigration } from './20261124200120-conversations.migration.js';
import { InboxSearchMigration } from './20261124200130-inbox-search.migration.js';
import { ContactDirectoryMigration } from './20261128200001-contact-directory.migration.js';
import { SmsIntakeMigration } from './20261129200001-sms-intake.migration.js';
import { DraftNearMissesMigration } from './20261130200001-draft-near-misses.migration.js';
import { RentNoticesMigration } from './20261208200001-rent-notices.migration.js';
import { SenderVerifiedMigration } from './20261206200001-sender-verified.migration.js';

/**
 * The messaging schema's migrations, oldest first (the outbox/inbox tables come from @pm/messaging before these; the
 * grants projection's tables from @pm/access, filled by its consumers from the start of portfolio's stream).
 */
export const messagingMigrations: ServiceDefinition['migrations'] = [
  MessagingFoundationMigration,
  AccessTablesMigration,
  InboxMigration,
  EmailInMigration,
  DraftsMigration,
  OutboundMigration,
  SendingMigration,
  TicketsMigration,
  InboundCallsMigration,
  EmailAttachmentsMigration,
  OneLocationCopyMigration,
  EmailTemplatesMigration,
  ConversationsMigration,
  InboxSearchMigration,
  ContactDirectoryMigration,
  SmsIntakeMigration,
  DraftNearMissesMigration,
  SenderVerifiedMigration,
  RentNoticesMigration,
];
