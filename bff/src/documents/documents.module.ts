import { Module } from '@nestjs/common';
import { DocumentFileController } from './document-file.controller.js';
import { DocumentUploadStreamController } from './document-upload-stream.controller.js';

/**
 * The vault's routes where the BFF does the work itself: the upload stream and the file downloads (the bytes pass
 * through the BFF between the browser and storage).
 */
@Module({ controllers: [DocumentUploadStreamController, DocumentFileController] })
export class DocumentsModule {}
