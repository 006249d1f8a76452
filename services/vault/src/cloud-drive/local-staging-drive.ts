import { createReadStream } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { SNIFF_BYTES, sniffContentType } from '@pm/files';
import type { CloudDrive, DriveFile } from './cloud-drive.js';

/** Account ids become directory names: anything else could walk out of the staging folder. */
const ACCOUNT_DIR = /^[A-Za-z0-9_-]{1,100}$/;
/** A drive is listed whole on each read: bounded so a huge folder cannot stall the request. */
const MAX_FILES = 2_000;
const MAX_DEPTH = 10;

/**
 * The offline cloud drive: `<stagingDir>/<accountId>/…` on disk is the account's drive, so staging, assigning and
 * folder uploads run without a Google account. Symbolic links are skipped (they could point outside the folder);
 * the listed type is sniffed from the file's first bytes, like every upload.
 */
export class LocalStagingDrive implements CloudDrive {
  readonly provider = 'local' as const;

  constructor(private readonly stagingDir: string) {}

  async list(accountId: string): Promise<DriveFile[]> {
    const root = this.rootOf(accountId);
    if (!root) return [];
    const files: DriveFile[] = [];
    const walk = async (dir: string, depth: number): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        if (files.length >= MAX_FILES || entry.name.startsWith('.')) continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory() && depth < MAX_DEPTH) await walk(path, depth + 1);
        else if (entry.isFile()) files.push(await this.describe(root, path));
      }
    };
    await walk(root, 0);
    return files;
  }

  async open(accountId: string, externalId: string): Promise<Readable> {
    const root = this.rootOf(accountId);
    const path = root ? join(root, ...externalId.split('/')) : undefined;
    if (!root || !path || relative(root, path).startsWith('..') || externalId.split('/').includes('..')) throw new Error('staged file outside the drive');
    const stat = await lstat(path);
    if (!stat.isFile()) throw new Error('staged file is not a regular file');
    return createReadStream(path);
  }

  private rootOf(accountId: string): string | undefined {
    return ACCOUNT_DIR.test(accountId) ? join(this.stagingDir, accountId) : undefined;
  }

  private async describe(root: string, path: string): Promise<DriveFile> {
    const stat = await lstat(path);
    const head = Buffer.alloc(SNIFF_BYTES);
    const handle = await open(path, 'r');
    const read = await handle.read(head, 0, SNIFF_BYTES, 0).then(({ bytesRead }) => bytesRead).finally(() => handle.close());
    const relativePath = relative(root, path).split(sep);
    const name = relativePath.pop() ?? '';
    return {
      externalId: [...relativePath, name].join('/'),
      name,
      mimeType: sniffContentType(head.subarray(0, read)) ?? 'application/octet-stream',
      size: stat.size,
      folderPath: relativePath.join('/'),
      // From the milliseconds: a Date made here, not the one fs made (which is another realm's under a test VM).
      createdAt: new Date(stat.birthtimeMs > 0 ? stat.birthtimeMs : stat.mtimeMs),
      webViewLink: null,
    };
  }
}
