import { Module } from '@nestjs/common';
import { VAULT_CONFIG, type VaultConfig } from '../config/vault-env.js';
import { CLOUD_DRIVE, type CloudDrive } from './cloud-drive.js';
import { GoogleDrive } from './google-drive.js';
import { LocalStagingDrive } from './local-staging-drive.js';
import { StagedFilesRepository } from './staged-files.repository.js';

/** The account's cloud drive (Google Drive, or the local staging folder) and its staged-file list. */
@Module({
  providers: [
    {
      provide: CLOUD_DRIVE,
      inject: [VAULT_CONFIG],
      useFactory: (config: VaultConfig): CloudDrive =>
        config.CLOUD_DRIVE_PROVIDER === 'google_drive'
          ? new GoogleDrive({ apiUrl: config.GOOGLE_DRIVE_API_URL, accessToken: config.GOOGLE_DRIVE_ACCESS_TOKEN || undefined, folderId: config.GOOGLE_DRIVE_FOLDER_ID })
          : new LocalStagingDrive(config.VAULT_STAGING_DIR),
    },
    StagedFilesRepository,
  ],
  exports: [CLOUD_DRIVE, StagedFilesRepository],
})
export class CloudDriveModule {}
