import { Module, type DynamicModule } from '@nestjs/common';
import { FilesModule, type FileStoreOptions } from '@pm/files';
import { FileDownloads } from './file-downloads.js';
import { MultipartUploads } from './multipart-upload.js';

/** Upload and download plumbing for the BFF's file routes, over the one FileStore. */
@Module({})
export class BffFilesModule {
  static forRoot(options: FileStoreOptions): DynamicModule {
    return {
      module: BffFilesModule,
      global: true,
      imports: [FilesModule.forRoot(options)],
      providers: [MultipartUploads, FileDownloads],
      exports: [MultipartUploads, FileDownloads],
    };
  }
}
