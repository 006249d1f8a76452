import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FolderView, ResponseOf } from '@pm/contracts';
import type { GetFolderContents } from '@pm/contracts';
import { documentPage, type DocumentSort } from '../documents/document-pages.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { FoldersRepository, type FolderRow } from './folders.repository.js';

/** What a folder (or a location's top level, `folder` null) holds: its subfolders by name and a page of its documents. */
@Injectable()
export class FolderContents {
  constructor(
    private readonly folders: FoldersRepository,
    private readonly documents: DocumentsRepository,
  ) {}

  async read(
    em: EntityManager,
    locationId: string,
    folder: FolderRow | null,
    page: { sort: DocumentSort; order: 'asc' | 'desc'; limit: number; cursor?: string | undefined },
  ): Promise<ResponseOf<typeof GetFolderContents>> {
    const children = await this.folders.children(em, locationId, folder?.id ?? null);
    const views: FolderView[] = await this.folders.views(em, folder ? [folder, ...children] : children);
    const where = ["d.status <> 'DELETED'", 'd.deleted_at is null', 'd.location_id = ?', folder ? 'd.folder_id = ?' : 'd.folder_id is null'];
    const params = folder ? [locationId, folder.id] : [locationId];
    return {
      folder: folder ? views[0]! : null,
      folders: folder ? views.slice(1) : views,
      documents: await documentPage(em, this.documents, { where, params }, page),
    };
  }
}
