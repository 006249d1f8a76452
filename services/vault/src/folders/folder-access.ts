import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LocationAccess, type AccessCaller } from '@pm/access';
import { FOLDER_NOT_FOUND, type Permission } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { FoldersRepository, type FolderRow } from './folders.repository.js';

/** A folder by id, decided by the shared rule on its location: unknown or out of reach 404, a role without the permission 403. */
@Injectable()
export class FolderAccess {
  constructor(
    private readonly access: LocationAccess,
    private readonly folders: FoldersRepository,
  ) {}

  async require(em: EntityManager, caller: AccessCaller, folderId: string, permission: Permission): Promise<FolderRow> {
    const folder = await this.folders.find(em, folderId);
    if (!folder) throw RpcFailure.notFound(FOLDER_NOT_FOUND);
    await this.access.require(em, caller, folder.location_id, permission, FOLDER_NOT_FOUND);
    return folder;
  }
}
