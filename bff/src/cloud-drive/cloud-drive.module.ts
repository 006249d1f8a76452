import { Module } from '@nestjs/common';
import { StagedFolderUploadController } from './staged-folder-upload.controller.js';

/** The cloud drive's streamed folder upload (the staged-file calls themselves are routed from their contracts). */
@Module({ controllers: [StagedFolderUploadController] })
export class CloudDriveModule {}
