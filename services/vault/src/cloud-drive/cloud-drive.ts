import type { Readable } from 'node:stream';

/** One file of an account's drive, as the staged-file list keeps it. */
export interface DriveFile {
  /** The drive's own id of the file (Google's file id; the local drive's relative path). */
  externalId: string;
  name: string;
  mimeType: string;
  size: number;
  /** The directory the file is in, relative to the drive's top ('' at the top), '/'-separated. */
  folderPath: string;
  createdAt: Date;
  webViewLink: string | null;
}

/**
 * An account's cloud drive: Google Drive in production, a staging folder on disk locally. The vault lists its files
 * into `staged_file` and streams one into MinIO when it is assigned to a location.
 */
export interface CloudDrive {
  readonly provider: 'local' | 'google_drive';
  list(accountId: string): Promise<DriveFile[]>;
  /** The file's bytes as a stream (never whole in memory); rejects when the file is gone. */
  open(accountId: string, externalId: string): Promise<Readable>;
}

export const CLOUD_DRIVE = Symbol('CLOUD_DRIVE');

/** A failure of the drive itself (unreachable, refused the token): the caller sees 502, never a 500. */
export class CloudDriveUnavailable extends Error {}
