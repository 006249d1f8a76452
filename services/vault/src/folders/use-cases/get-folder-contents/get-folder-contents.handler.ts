import { Injectable } from '@nestjs/common';
import { GetFolderContents, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { FolderAccess } from '../../folder-access.js';
import { FolderContents } from '../../folder-contents.js';

/** GET document-folders/{id}/contents (`document:read`). */
@Injectable()
@UseCase(GetFolderContents)
export class GetFolderContentsHandler implements UseCaseHandler<typeof GetFolderContents> {
  constructor(
    private readonly folderAccess: FolderAccess,
    private readonly contents: FolderContents,
  ) {}

  async handle(request: RequestOf<typeof GetFolderContents>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetFolderContents>> {
    const folder = await this.folderAccess.require(em, caller, request.id, 'document:read');
    return this.contents.read(em, folder.location_id, folder, request);
  }
}
