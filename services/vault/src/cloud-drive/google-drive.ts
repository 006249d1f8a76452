import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CloudDriveUnavailable, type CloudDrive, type DriveFile } from './cloud-drive.js';

const FOLDER_TYPE = 'application/vnd.google-apps.folder';
const MAX_FILES = 2_000;
const MAX_DEPTH = 10;

interface DriveListPage {
  nextPageToken?: string;
  files?: { id: string; name: string; mimeType: string; size?: string; createdTime?: string; webViewLink?: string }[];
}

/**
 * Google Drive through its v3 REST API with an OAuth access token (drive.readonly): the files under one shared folder,
 * walked folder by folder, and each file downloaded as a stream (`alt=media`). Google's own documents (Docs, Sheets)
 * have no bytes to download and are not listed. Every account sees the same shared folder: the token is the
 * deployment's, not a person's.
 */
export class GoogleDrive implements CloudDrive {
  readonly provider = 'google_drive' as const;

  constructor(private readonly options: { apiUrl: string; accessToken: string | undefined; folderId: string }) {}

  async list(): Promise<DriveFile[]> {
    if (!this.options.accessToken) return [];
    const files: DriveFile[] = [];
    const walk = async (folderId: string, folderPath: string, depth: number): Promise<void> => {
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({
          q: `'${folderId.replace(/['\\]/g, '\\$&')}' in parents and trashed = false`,
          fields: 'nextPageToken, files(id, name, mimeType, size, createdTime, webViewLink)',
          pageSize: '1000',
          supportsAllDrives: 'true',
          includeItemsFromAllDrives: 'true',
          ...(pageToken ? { pageToken } : {}),
        });
        const page = (await (await this.fetch(`/files?${query}`, AbortSignal.timeout(60_000))).json()) as DriveListPage;
        for (const file of page.files ?? []) {
          if (files.length >= MAX_FILES) return;
          if (file.mimeType === FOLDER_TYPE) {
            if (depth < MAX_DEPTH) await walk(file.id, folderPath ? `${folderPath}/${file.name}` : file.name, depth + 1);
          } else if (file.size !== undefined) {
            files.push({
              externalId: file.id,
              name: file.name,
              mimeType: file.mimeType,
              size: Number(file.size),
              folderPath,
              createdAt: file.createdTime ? new Date(file.createdTime) : new Date(),
              webViewLink: file.webViewLink ?? null,
            });
          }
        }
        pageToken = page.nextPageToken;
      } while (pageToken);
    };
    await walk(this.options.folderId, '', 0);
    return files;
  }

  async open(_accountId: string, externalId: string): Promise<Readable> {
    const response = await this.fetch(`/files/${encodeURIComponent(externalId)}?alt=media&supportsAllDrives=true`);
    if (!response.body) throw new CloudDriveUnavailable('Google Drive answered without the file');
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  /** A download has no overall time limit (a large file takes what it takes); a listing page does. */
  private async fetch(path: string, signal?: AbortSignal): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}${path}`, { headers: { authorization: `Bearer ${this.options.accessToken ?? ''}` }, signal });
    } catch (error) {
      throw new CloudDriveUnavailable(`Google Drive could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new CloudDriveUnavailable(`Google Drive answered ${response.status}`);
    }
    return response;
  }
}
