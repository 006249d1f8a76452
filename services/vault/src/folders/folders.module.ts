import { Module } from '@nestjs/common';
import { FoldersRepository } from './folders.repository.js';

/** Folders of the vault. */
@Module({
  providers: [FoldersRepository],
  exports: [FoldersRepository],
})
export class FoldersModule {}
