import { AccessTablesMigration } from '@pm/access';
import type { ServiceDefinition } from '@pm/nest-kit';
import { VaultFoundationMigration } from './20261125000001-vault-foundation.migration.js';
import { VaultDirectoryMigration } from './20261125000201-vault-directory.migration.js';
import { DocumentProcessingMigration } from './20261125000300-document-processing.migration.js';
import { ContactDocumentsMigration } from './20261128000100-contact-documents.migration.js';
import { VaultAccountPlansMigration } from './20261210000100-vault-account-plans.migration.js';

/**
 * The vault schema's migrations, oldest first (the outbox/inbox tables come from @pm/messaging before these; the
 * grants projection's tables from @pm/access, filled by its consumers from the start of portfolio's stream).
 */
export const vaultMigrations: ServiceDefinition['migrations'] = [
  VaultFoundationMigration,
  AccessTablesMigration,
  VaultDirectoryMigration,
  DocumentProcessingMigration,
  ContactDocumentsMigration,
  VaultAccountPlansMigration,
];
