import { Module } from '@nestjs/common';
import { ThreadExportFiles } from './thread-export-files.js';
import { ThreadExportController } from './thread-export.controller.js';

/** The thread export download (JSON or PDF): the BFF renders the record messaging keeps. */
@Module({ controllers: [ThreadExportController], providers: [ThreadExportFiles] })
export class ThreadExportModule {}
