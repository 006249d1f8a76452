import { Inject, Injectable } from '@nestjs/common';
import { ListStagedFiles, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { CLOUD_DRIVE, CloudDriveUnavailable, type CloudDrive } from '../../cloud-drive.js';
import { StagedFilesRepository, stagedFileView } from '../../staged-files.repository.js';

/** The caller's account's drive files not yet assigned to a location, read from the drive at each call. */
@Injectable()
@UseCase(ListStagedFiles)
export class ListStagedFilesHandler implements UseCaseHandler<typeof ListStagedFiles> {
  constructor(
    @Inject(CLOUD_DRIVE) private readonly drive: CloudDrive,
    private readonly staged: StagedFilesRepository,
  ) {}

  async handle(_request: RequestOf<typeof ListStagedFiles>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListStagedFiles>> {
    const files = await this.drive.list(caller.accountId).catch((error: unknown) => {
      if (error instanceof CloudDriveUnavailable) throw new RpcFailure(502, 'The cloud drive could not be read. Please try again later.', 'bad_gateway');
      throw error;
    });
    await this.staged.sync(em, caller.accountId, this.drive.provider, files, new Date());
    return { staged_files: (await this.staged.unassigned(em, caller.accountId, this.drive.provider)).map(stagedFileView) };
  }
}
