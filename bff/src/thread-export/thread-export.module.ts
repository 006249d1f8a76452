import { Module } from '@nestjs/common';
import { ThreadExportController } from './thread-export.controller.js';

/** The thread export download (JSON or PDF): the BFF renders the record messaging keeps. */
@Module({ controllers: [ThreadExportController] })
export class ThreadExportModule {}
