import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minioEnv, serviceEnv } from '@pm/nest-kit';
import { z } from 'zod';

/**
 * Deliveries the processing consumer's JetStream config allows at most (its decorator's options are fixed when the
 * class loads); VAULT_PROCESSING_ATTEMPTS chooses how many of them the pipeline uses before it marks a document FAILED.
 */
export const PROCESSING_MAX_DELIVER = 10;

/**
 * The vault's environment: the platform's service variables and MinIO (the vault reads every document's file from it
 * to process it, and writes the converted previews), plus the processing pipeline's bounds.
 */
export const vaultEnv = serviceEnv.extend({
  ...minioEnv.shape,
  /**
   * How long one document's processing may take (text, OCR, conversion, reading by the AI) before the attempt counts
   * as failed; under the processing consumer's ack wait, so JetStream never redelivers a document still being read.
   */
  VAULT_PROCESSING_TIMEOUT_MS: z.coerce.number().int().min(10_000).max(1_700_000).default(600_000),
  /** Attempts per document before it is FAILED for good (a killed conversion, a storage outage). */
  VAULT_PROCESSING_ATTEMPTS: z.coerce.number().int().min(1).max(PROCESSING_MAX_DELIVER).default(3),
  /** Where staged cloud-drive files come from: a folder on disk per account (offline), or Google Drive. */
  CLOUD_DRIVE_PROVIDER: z.enum(['local', 'google_drive']).default('local'),
  /** The local drive: `<dir>/<accountId>/…` is that account's drive (npm start puts it in the platform's cache). */
  VAULT_STAGING_DIR: z.string().min(1).default(join(tmpdir(), 'pm-vault-staging')),
  /** Google Drive: an OAuth access token with the drive.readonly scope, and the shared folder whose files are staged. */
  GOOGLE_DRIVE_ACCESS_TOKEN: z.string().max(4_096).optional(),
  GOOGLE_DRIVE_FOLDER_ID: z.string().min(1).max(200).default('root'),
  GOOGLE_DRIVE_API_URL: z.url().default('https://www.googleapis.com/drive/v3'),
  /**
   * `assistant`: a document whose text is read waits (READY) for the assistant's insights (category, summary, facts);
   * `off`: no assistant is deployed, so documents finish PROCESSED with the parser's facts as soon as they are read.
   */
  VAULT_INSIGHTS: z.enum(['assistant', 'off']).default('assistant'),
  /** How long a READY document waits for the assistant's insights before it finishes without them (never stuck). */
  VAULT_INSIGHTS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
});
export type VaultEnv = z.output<typeof vaultEnv>;

/** The vault configuration plus the schema its tables live in (the service name, or a test schema). */
export type VaultConfig = VaultEnv & { DATABASE_SCHEMA: string };

export const VAULT_CONFIG = Symbol('VAULT_CONFIG');
