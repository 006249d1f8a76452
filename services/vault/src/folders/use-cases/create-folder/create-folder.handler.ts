import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import {
  CreateFolder,
  FOLDER_LOCATION_REQUIRED,
  FOLDER_NAME_TAKEN,
  FOLDER_TOO_DEEP,
  SYSTEM_FOLDER_NO_SUBFOLDERS,
  vaultLimits,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { FolderAccess } from '../../folder-access.js';
import { FoldersRepository } from '../../folders.repository.js';

/** POST document-folders: a folder at a location's top level or inside a folder of it (`document:write`). */
@Injectable()
@UseCase(CreateFolder)
export class CreateFolderHandler implements UseCaseHandler<typeof CreateFolder> {
  constructor(
    private readonly access: LocationAccess,
    private readonly folderAccess: FolderAccess,
    private readonly folders: FoldersRepository,
  ) {}

  async handle(request: RequestOf<typeof CreateFolder>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof CreateFolder>> {
    let locationId: string;
    let accountId: string;
    const parentId = request.parent_folder_id ?? null;
    if (parentId !== null) {
      const parent = await this.folderAccess.require(em, caller, parentId, 'document:write');
      if (request.property_location_id && request.property_location_id.toLowerCase() !== parent.location_id) {
        throw RpcFailure.badRequest('Parent folder must be in the same property location');
      }
      if (parent.system_kind) throw RpcFailure.conflict(SYSTEM_FOLDER_NO_SUBFOLDERS);
      if ((await this.folders.path(em, parent.id)).length >= vaultLimits.folderDepth) throw RpcFailure.badRequest(FOLDER_TOO_DEEP);
      locationId = parent.location_id;
      accountId = parent.account_id;
    } else {
      if (!request.property_location_id) throw RpcFailure.badRequest(FOLDER_LOCATION_REQUIRED);
      const grant = await this.access.require(em, caller, request.property_location_id, 'document:write');
      locationId = grant.locationId;
      accountId = grant.accountId;
    }
    const folder = await this.folders.create(em, {
      accountId,
      locationId,
      parentFolderId: parentId,
      name: request.name,
      description: request.description || null,
      createdBy: caller.userId,
      now: new Date(),
    });
    if (!folder) throw RpcFailure.conflict(FOLDER_NAME_TAKEN);
    return (await this.folders.views(em, [folder]))[0]!;
  }
}
