import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { FOLDER_NOT_FOUND, NO_TAGS, RegisterUploadedDocument, SYSTEM_FOLDER_READ_ONLY, type RequestOf, type ResponseOf } from '@pm/contracts';
import { FileStore } from '@pm/files';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { TagTargets } from '../../../directory/tag-targets.js';
import { FoldersRepository } from '../../../folders/folders.repository.js';
import { DocumentsRepository } from '../../documents.repository.js';

/**
 * Files an upload the BFF stored: one document per location named (`document:write` on each), or one in Pending
 * Location Assignment. When every location already had these bytes, nothing refers to the new object: it is removed,
 * so the same file uploaded twice leaves one object.
 */
@Injectable()
@UseCase(RegisterUploadedDocument)
export class RegisterUploadedDocumentHandler implements UseCaseHandler<typeof RegisterUploadedDocument> {
  constructor(
    private readonly access: LocationAccess,
    private readonly documents: DocumentsRepository,
    private readonly folders: FoldersRepository,
    private readonly store: FileStore,
    private readonly targets: TagTargets,
  ) {}

  async handle(request: RequestOf<typeof RegisterUploadedDocument>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof RegisterUploadedDocument>> {
    const locationIds = [...new Set(request.location_ids.map((id) => id.toLowerCase()))];
    const grants = [];
    for (const locationId of locationIds) grants.push(await this.access.require(em, caller, locationId, 'document:write'));
    const folderId = request.folder_id ?? null;
    if (folderId !== null) {
      const folder = await this.folders.find(em, folderId);
      if (!folder || !grants.some((grant) => grant.locationId === folder.location_id)) throw RpcFailure.notFound(FOLDER_NOT_FOUND);
      if (grants.length !== 1) throw RpcFailure.badRequest('Folder must be in the same property location');
      if (folder.system_kind) throw RpcFailure.conflict(SYSTEM_FOLDER_READ_ONLY);
    }
    const entities = { buildingId: request.building_id ?? null, unitId: request.unit_id ?? null, tenantId: request.tenant_id ?? null };
    // A building, unit or tenant belongs to one location: filing under one names that location alone.
    if (entities.buildingId !== null || entities.unitId !== null || entities.tenantId !== null) {
      if (grants.length > 1) throw RpcFailure.badRequest('A building, unit or tenant must be of the same property location');
      await this.targets.requireOfLocation(em, grants[0]?.locationId ?? null, entities);
    }
    const tags = await this.targets.require(em, caller, { ...NO_TAGS, ...request.tags });
    const now = new Date();
    const targets = grants.length > 0 ? grants.map((grant) => ({ locationId: grant.locationId, accountId: grant.accountId })) : [{ locationId: null, accountId: caller.accountId }];
    const filed = [];
    for (const target of targets) {
      filed.push(
        await this.documents.register(em, {
          ...target,
          file: request.file,
          source: request.source,
          dataType: request.data_type,
          folderId,
          categoryId: request.category_id ?? null,
          ...entities,
          tags,
          createdBy: caller.userId,
          now,
        }),
      );
    }
    if (filed.every((result) => result.duplicate)) await this.store.remove(request.file.key).catch(() => undefined);
    const documents = [];
    for (const result of filed) documents.push({ document: await this.documents.view(em, result.id), duplicate: result.duplicate });
    return { documents };
  }

  /** A retried upload (same Idempotency-Key) brought its own copy of the file; the first upload's documents keep theirs. */
  async replayed(request: RequestOf<typeof RegisterUploadedDocument>, { em }: UseCaseContext): Promise<void> {
    if (!(await this.documents.isReferenced(em, request.file.key))) await this.store.remove(request.file.key).catch(() => undefined);
  }
}
