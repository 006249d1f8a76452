import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { GetRootFolderContents, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { FolderContents } from '../../folder-contents.js';

/** GET document-folders/root/contents?property_location_id= (`document:read`). */
@Injectable()
@UseCase(GetRootFolderContents)
export class GetRootFolderContentsHandler implements UseCaseHandler<typeof GetRootFolderContents> {
  constructor(
    private readonly access: LocationAccess,
    private readonly contents: FolderContents,
  ) {}

  async handle(request: RequestOf<typeof GetRootFolderContents>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetRootFolderContents>> {
    const grant = await this.access.require(em, caller, request.property_location_id, 'document:read');
    return this.contents.read(em, grant.locationId, null, request);
  }
}
