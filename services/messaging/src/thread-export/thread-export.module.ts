import { Module } from '@nestjs/common';
import { ThreadExports } from './thread-export.repository.js';

/** The thread export: one session's provable record. */
@Module({ providers: [ThreadExports], exports: [ThreadExports] })
export class ThreadExportModule {}
