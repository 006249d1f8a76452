import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { DocumentFiling } from './document-filing.js';
import { FolderAccess } from './folder-access.js';
import { FolderContents } from './folder-contents.js';
import { FoldersRepository } from './folders.repository.js';

/** Folders of the vault: the tree, its access rule, what a folder holds, filing documents into one. */
@Module({
  imports: [DocumentsModule],
  providers: [FoldersRepository, FolderAccess, FolderContents, DocumentFiling],
  exports: [FoldersRepository, FolderAccess, FolderContents, DocumentFiling],
})
export class FoldersModule {}
