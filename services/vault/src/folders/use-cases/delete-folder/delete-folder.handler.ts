import { Injectable } from '@nestjs/common';
import { DeleteFolder, FOLDER_DELETED, FOLDER_NOT_EMPTY, SYSTEM_FOLDER_NOT_DELETABLE, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { FolderAccess } from '../../folder-access.js';
import { FoldersRepository } from '../../folders.repository.js';

/** DELETE document-folders/{id}: an empty folder only, never a system folder (`document:write`). */
@Injectable()
@UseCase(DeleteFolder)
export class DeleteFolderHandler implements UseCaseHandler<typeof DeleteFolder> {
  constructor(
    private readonly folderAccess: FolderAccess,
    private readonly folders: FoldersRepository,
  ) {}

  async handle(request: RequestOf<typeof DeleteFolder>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof DeleteFolder>> {
    const folder = await this.folderAccess.require(em, caller, request.id, 'document:write');
    if (folder.system_kind) throw RpcFailure.conflict(SYSTEM_FOLDER_NOT_DELETABLE);
    if (!(await this.folders.isEmpty(em, folder.id))) throw RpcFailure.conflict(FOLDER_NOT_EMPTY);
    await this.folders.delete(em, folder.id);
    return { message: FOLDER_DELETED };
  }
}
