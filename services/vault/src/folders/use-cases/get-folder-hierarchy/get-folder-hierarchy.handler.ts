import { Injectable } from '@nestjs/common';
import { GetFolderHierarchy, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { FolderAccess } from '../../folder-access.js';
import { FoldersRepository } from '../../folders.repository.js';

/** GET document-folders/{id}/hierarchy: the breadcrumb from the location's top level to the folder (`document:read`). */
@Injectable()
@UseCase(GetFolderHierarchy)
export class GetFolderHierarchyHandler implements UseCaseHandler<typeof GetFolderHierarchy> {
  constructor(
    private readonly folderAccess: FolderAccess,
    private readonly folders: FoldersRepository,
  ) {}

  async handle(request: RequestOf<typeof GetFolderHierarchy>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetFolderHierarchy>> {
    const folder = await this.folderAccess.require(em, caller, request.id, 'document:read');
    return { hierarchy: await this.folders.views(em, await this.folders.path(em, folder.id)) };
  }
}
