import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { CheckStagedUploadLocation, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';

/**
 * Whether the caller may file staged drive files in the location: the check `CompleteStagedUpload` makes for each file,
 * made once before the folder-upload stream opens (another account's location answers 404, a role without
 * `document:write` 403).
 */
@Injectable()
@UseCase(CheckStagedUploadLocation)
export class CheckStagedUploadLocationHandler implements UseCaseHandler<typeof CheckStagedUploadLocation> {
  constructor(private readonly access: LocationAccess) {}

  async handle(request: RequestOf<typeof CheckStagedUploadLocation>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof CheckStagedUploadLocation>> {
    await this.access.require(em, caller, request.locationId, 'document:write');
    return { ok: true };
  }
}
