import { AccessModule } from '@pm/access';
import { FilesModule, fileStoreOptionsFromEnv } from '@pm/files';
import { UseCasesModule, type ServiceDefinition } from '@pm/nest-kit';
import { CloudDriveModule } from './cloud-drive/cloud-drive.module.js';
import { VaultConfigModule } from './config/vault-config.module.js';
import type { VaultConfig } from './config/vault-env.js';
import { VaultDocument } from './documents/document.entity.js';
import { DirectoryModule } from './directory/directory.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { EmailIntakeModule } from './email-intake/email-intake.module.js';
import { FoldersModule } from './folders/folders.module.js';
import { vaultMigrations } from './migrations/index.js';
import { ProcessingModule } from './processing/processing.module.js';

/**
 * The vault: the documents of each property location, their folders, categories and tags, their files in MinIO
 * (stored by the BFF through @pm/files, read back here to be processed), each call decided by the shared location
 * access rule over the vault's own grants projection.
 */
export function vaultService(config?: VaultConfig): ServiceDefinition {
  return {
    name: config?.DATABASE_SCHEMA ?? 'vault',
    context: 'vault',
    entities: [VaultDocument],
    migrations: vaultMigrations,
    // Without a configuration (migrations only) no feature is loaded.
    features: config
      ? [
          VaultConfigModule.forRoot(config),
          AccessModule.forConsumer('vault'),
          FilesModule.forRoot(fileStoreOptionsFromEnv(config)),
          DocumentsModule,
          FoldersModule,
          DirectoryModule,
          EmailIntakeModule,
          CloudDriveModule,
          ProcessingModule,
          UseCasesModule.discover(import.meta.dirname, { imports: [DocumentsModule, FoldersModule, DirectoryModule, CloudDriveModule, ProcessingModule] }),
        ]
      : [],
  };
}
