import { Module } from '@nestjs/common';
import { DocumentUploadStreamController } from './document-upload-stream.controller.js';

/** The vault's routes where the BFF does the work itself: the upload stream (the file passes through the BFF into storage). */
@Module({ controllers: [DocumentUploadStreamController] })
export class DocumentsModule {}
