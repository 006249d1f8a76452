import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LocationAccess, type AccessCaller } from '@pm/access';
import { ENTITY_FILE_REQUIRED, NO_TAGS, type DocumentView, type Page, type StoredDocumentFile } from '@pm/contracts';
import { FileStore } from '@pm/files';
import { RpcFailure } from '@pm/messaging';
import { documentPage, type DocumentSort } from '../documents/document-pages.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { table } from '../documents/vault-tables.js';
import { DirectoryRepository } from './directory.repository.js';

export type EntityType = 'building' | 'unit' | 'tenant';

interface EntityPlace {
  locationId: string;
  buildingId: string;
  unitId: string | null;
  tenantId: string | null;
}

/**
 * The Documents tab of a building, unit or tenant (spec 001 §7 `{entityType}/{entityId}/document`): the documents
 * filed under it or tagged with it, and uploads filed under it. The entity is found in the vault's directory; one of
 * another account answers exactly as an unknown one (404 with the entity's own message).
 */
@Injectable()
export class EntityDocuments {
  constructor(
    private readonly access: LocationAccess,
    private readonly directory: DirectoryRepository,
    private readonly documents: DocumentsRepository,
    private readonly store: FileStore,
  ) {}

  async list(
    em: EntityManager,
    caller: AccessCaller,
    entity: { type: EntityType; id: string; notFound: string },
    page: { sort: DocumentSort; order: 'asc' | 'desc'; limit: number; cursor?: string | undefined },
  ): Promise<Page<DocumentView>> {
    const place = await this.place(em, entity);
    await this.access.require(em, caller, place.locationId, 'document:read', entity.notFound);
    const where = [
      "d.status <> 'DELETED'",
      'd.deleted_at is null',
      'd.location_id = ?',
      `(d.${entity.type}_id = ? or exists (select 1 from ${table(em, 'document_tag')} t where t.document_id = d.id and t.kind = ? and t.target_id = ?))`,
    ];
    return documentPage(em, this.documents, { where, params: [place.locationId, entity.id, entity.type, entity.id] }, page);
  }

  async upload(
    em: EntityManager,
    caller: AccessCaller,
    entity: { type: EntityType; id: string; notFound: string },
    upload: { file: StoredDocumentFile | undefined; categoryId: number | null; dataType: DocumentView['metadata']['data_type'] },
  ): Promise<{ document: DocumentView; duplicate: boolean }> {
    const place = await this.place(em, entity);
    const grant = await this.access.require(em, caller, place.locationId, 'document:write', entity.notFound);
    const file = upload.file;
    if (!file) throw RpcFailure.badRequest(ENTITY_FILE_REQUIRED);
    const filed = await this.documents.register(em, {
      accountId: grant.accountId,
      locationId: place.locationId,
      file,
      source: 'entity',
      dataType: upload.dataType,
      folderId: null,
      categoryId: upload.categoryId,
      buildingId: place.buildingId,
      unitId: place.unitId,
      tenantId: place.tenantId,
      tags: NO_TAGS,
      createdBy: caller.userId,
      now: new Date(),
    });
    if (filed.duplicate) {
      // The location has these bytes already: the existing document now shows on this entity's tab too, and the
      // new object, which nothing refers to, is removed (one object per file).
      await em.execute(`insert into ${table(em, 'document_tag')} (document_id, kind, target_id) values (?, ?, ?) on conflict do nothing`, [filed.id, entity.type, entity.id]);
      await this.store.remove(file.key);
    }
    return { document: await this.documents.view(em, filed.id), duplicate: filed.duplicate };
  }

  private async place(em: EntityManager, entity: { type: EntityType; id: string; notFound: string }): Promise<EntityPlace> {
    if (entity.type === 'building') {
      const building = await this.directory.building(em, entity.id);
      if (building) return { locationId: building.location_id, buildingId: building.building_id, unitId: null, tenantId: null };
    } else if (entity.type === 'unit') {
      const unit = await this.directory.unit(em, entity.id);
      if (unit) return { locationId: unit.location_id, buildingId: unit.building_id, unitId: unit.unit_id, tenantId: null };
    } else {
      const tenant = await this.directory.tenant(em, entity.id);
      if (tenant) return { locationId: tenant.location_id, buildingId: tenant.building_id, unitId: tenant.unit_id, tenantId: tenant.tenant_id };
    }
    throw RpcFailure.notFound(entity.notFound);
  }
}
