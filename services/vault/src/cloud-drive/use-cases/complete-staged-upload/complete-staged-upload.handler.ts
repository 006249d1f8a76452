import { Inject, Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import {
  CompleteStagedUpload,
  NO_TAGS,
  STAGED_FILE_ASSIGNED,
  STAGED_FILE_NOT_FOUND,
  VAULT_ACCEPTED_TYPES,
  VAULT_FILE_PREFIX,
  vaultLimits,
  type RequestOf,
  type ResponseOf,
  type StoredDocumentFile,
} from '@pm/contracts';
import { FileStore } from '@pm/files';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DocumentsRepository } from '../../../documents/documents.repository.js';
import { CLOUD_DRIVE, CloudDriveUnavailable, type CloudDrive } from '../../cloud-drive.js';
import { StagedFilesRepository } from '../../staged-files.repository.js';
import { FoldersRepository } from '../../../folders/folders.repository.js';

/**
 * Assigns a staged drive file to a location: streams it from the drive into MinIO through the same limits and type
 * sniffing as an upload, files it in the folders of its drive path, and marks it assigned. A failure leaves the
 * staged file unassigned (the list shows it again) and no object behind.
 */
@Injectable()
@UseCase(CompleteStagedUpload)
export class CompleteStagedUploadHandler implements UseCaseHandler<typeof CompleteStagedUpload> {
  constructor(
    @Inject(CLOUD_DRIVE) private readonly drive: CloudDrive,
    private readonly access: LocationAccess,
    private readonly staged: StagedFilesRepository,
    private readonly folders: FoldersRepository,
    private readonly documents: DocumentsRepository,
    private readonly store: FileStore,
  ) {}

  async handle(request: RequestOf<typeof CompleteStagedUpload>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof CompleteStagedUpload>> {
    const grant = await this.access.require(em, caller, request.locationId, 'document:write');
    const file = await this.staged.findForUpdate(em, caller.accountId, this.drive.provider, request.stagedDocumentId);
    if (!file) throw RpcFailure.notFound(STAGED_FILE_NOT_FOUND);
    if (file.assigned_document_id) return { success: true, message: STAGED_FILE_ASSIGNED, document_id: file.assigned_document_id };

    const source = await this.drive.open(caller.accountId, file.external_id).catch((error: unknown) => {
      if (error instanceof CloudDriveUnavailable) throw new RpcFailure(502, 'The cloud drive could not be read. Please try again later.', 'bad_gateway');
      throw RpcFailure.notFound(STAGED_FILE_NOT_FOUND);
    });
    // A download the drive breaks off is the drive's failure (502), not ours; MinIO's own failures stay errors.
    let driveFailed = false;
    source.once('error', () => (driveFailed = true));
    const stored = await this.store
      .put(source, { prefix: VAULT_FILE_PREFIX, maxBytes: vaultLimits.documentBytes, accept: VAULT_ACCEPTED_TYPES })
      .catch((error: unknown) => {
        if (driveFailed && !(error instanceof RpcFailure)) throw new RpcFailure(502, 'The cloud drive could not be read. Please try again later.', 'bad_gateway');
        throw error;
      })
      .finally(() => source.destroy());
    try {
      const now = new Date();
      const location = { locationId: grant.locationId, accountId: grant.accountId };
      const folderId = await this.folders.ensurePath(em, location, file.folder_path, caller.userId, now);
      const filed = await this.documents.register(em, {
        ...location,
        file: { key: stored.key, file_name: file.original_name, content_type: stored.contentType as StoredDocumentFile['content_type'], size: stored.size, sha256: stored.sha256 },
        source: 'cloud_drive',
        dataType: 'document',
        folderId,
        categoryId: null,
        buildingId: null,
        unitId: null,
        tenantId: null,
        tags: NO_TAGS,
        createdBy: caller.userId,
        now,
      });
      // The location already had these bytes: the staged file is that document, and the new object is not needed.
      if (filed.duplicate) await this.store.remove(stored.key);
      await this.staged.markAssigned(em, file.id, filed.id);
      return { success: true, message: STAGED_FILE_ASSIGNED, document_id: filed.id };
    } catch (error) {
      await this.store.remove(stored.key).catch(() => undefined);
      throw error;
    }
  }
}
