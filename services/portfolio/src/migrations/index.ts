import { AccessTablesMigration } from '@pm/access';
import type { ServiceDefinition } from '@pm/nest-kit';
import { PropertyLocationsMigration } from './20261121000001-property-locations.migration.js';
import { ReadModelsMigration } from './20261121000002-read-models.migration.js';
import { PortfolioOperationsMigration } from './20261122000001-portfolio-operations.migration.js';
import { AccessGrantsMigration } from './20261124000001-access-grants.migration.js';
import { TenantInvitationsMigration } from './20261124000002-tenant-invitations.migration.js';
import { PartnerInvitationsMigration } from './20261124000003-partner-invitations.migration.js';
import { KnowledgeEventsBackfillMigration } from './20261124000004-knowledge-events-backfill.migration.js';
import { MessagingCopiesBackfillMigration } from './20261124000005-messaging-copies-backfill.migration.js';
import { PartnerDirectoryBackfillMigration } from './20261124000010-partner-directory-backfill.migration.js';
import { EmailSettingsHandOverMigration } from './20261124000100-email-settings-hand-over.migration.js';
import { DropEmailSettingsMigration } from './20261124000101-drop-email-settings.migration.js';
import { ContactDirectoryBackfillMigration } from './20261128000001-contact-directory-backfill.migration.js';
import { ImplicitHomesMigration } from './20261206000001-implicit-homes.migration.js';
import { AccountPlansMigration } from './20261210000001-account-plans.migration.js';

/**
 * The portfolio schema's migrations, oldest first (the outbox/inbox tables come from @pm/messaging before these;
 * the grants projection's tables from @pm/access, filled from the existing rows by AccessGrantsMigration).
 */
export const portfolioMigrations: ServiceDefinition['migrations'] = [
  PropertyLocationsMigration,
  ReadModelsMigration,
  PortfolioOperationsMigration,
  AccessTablesMigration,
  AccessGrantsMigration,
  TenantInvitationsMigration,
  PartnerInvitationsMigration,
  KnowledgeEventsBackfillMigration,
  MessagingCopiesBackfillMigration,
  PartnerDirectoryBackfillMigration,
  EmailSettingsHandOverMigration,
  DropEmailSettingsMigration,
  ContactDirectoryBackfillMigration,
  ImplicitHomesMigration,
  AccountPlansMigration,
];
