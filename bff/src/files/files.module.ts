import { Module, type DynamicModule } from '@nestjs/common';
import { FilesModule, type FileStoreOptions } from '@pm/files';
import { DOWNLOAD_LINKS_OPTIONS, DownloadLinks, type DownloadLinksOptions } from './download-links.js';
import { FileDownloads } from './file-downloads.js';
import { GeneratedFiles } from './generated-files.js';
import { MultipartUploads } from './multipart-upload.js';

/** Upload and download plumbing for the BFF's file routes, over the one FileStore, the download links to them, and the files the BFF generates for them. */
@Module({})
export class BffFilesModule {
  static forRoot(options: FileStoreOptions, links: DownloadLinksOptions): DynamicModule {
    return {
      module: BffFilesModule,
      global: true,
      imports: [FilesModule.forRoot(options)],
      providers: [MultipartUploads, FileDownloads, DownloadLinks, GeneratedFiles, { provide: DOWNLOAD_LINKS_OPTIONS, useValue: links }],
      exports: [MultipartUploads, FileDownloads, DownloadLinks, GeneratedFiles],
    };
  }
}
