import { Module, type DynamicModule } from '@nestjs/common';
import { DocumentDownloadTokens, DOCUMENT_DOWNLOADS_OPTIONS, type DocumentDownloadsOptions } from './document-download-tokens.js';
import { DocumentFileController } from './document-file.controller.js';
import { DocumentUploadStreamController } from './document-upload-stream.controller.js';

/**
 * The vault's routes where the BFF does the work itself: the upload stream and the file downloads (the bytes pass
 * through the BFF between the browser and storage).
 */
@Module({})
export class DocumentsModule {
  static forRoot(options: DocumentDownloadsOptions): DynamicModule {
    return {
      module: DocumentsModule,
      controllers: [DocumentUploadStreamController, DocumentFileController],
      providers: [DocumentDownloadTokens, { provide: DOCUMENT_DOWNLOADS_OPTIONS, useValue: options }],
    };
  }
}
