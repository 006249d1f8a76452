import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LocationAccess, type AccessCaller } from '@pm/access';
import { CONTACT_NOT_FOUND, ENTITY_FILE_REQUIRED, NO_TAGS, type DocumentView, type Page, type StoredDocumentFile } from '@pm/contracts';
import { FileStore } from '@pm/files';
import { RpcFailure } from '@pm/messaging';
import { documentPage, type DocumentSort } from '../documents/document-pages.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { table } from '../documents/vault-tables.js';
import { DirectoryRepository } from './directory.repository.js';

export type EntityType = 'building' | 'unit' | 'tenant';

type DocumentPage = { sort: DocumentSort; order: 'asc' | 'desc'; limit: number; cursor?: string | undefined };
type EntityUpload = { file: StoredDocumentFile | undefined; categoryId: number | null; dataType: DocumentView['metadata']['data_type'] };

interface EntityPlace {
  locationId: string;
  buildingId: string;
  unitId: string | null;
  tenantId: string | null;
}

/**
 * The Documents tab of a building, unit or tenant (spec 001 §7 `{entityType}/{entityId}/document`): the documents
 * filed under it or tagged with it, and uploads filed under it; and a contact's documents at a selected location
 * (spec 002 `contacts/{contactId}/documents`), linked in `document_contact`. The entity is found in the vault's
 * directory; one of another account answers exactly as an unknown one (404 with the entity's own message).
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
    page: DocumentPage,
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

  async upload(em: EntityManager, caller: AccessCaller, entity: { type: EntityType; id: string; notFound: string }, upload: EntityUpload): Promise<{ document: DocumentView; duplicate: boolean }> {
    const place = await this.place(em, entity);
    const grant = await this.access.require(em, caller, place.locationId, 'document:write', entity.notFound);
    return this.file(em, caller, { ...place, accountId: grant.accountId }, upload, async (documentId, duplicate) => {
      // The location had these bytes already: the existing document now shows on this entity's tab too.
      if (duplicate) await em.execute(`insert into ${table(em, 'document_tag')} (document_id, kind, target_id) values (?, ?, ?) on conflict do nothing`, [documentId, entity.type, entity.id]);
    });
  }

  async listOfContact(em: EntityManager, caller: AccessCaller, contact: { id: string; locationId: string }, page: DocumentPage): Promise<Page<DocumentView>> {
    await this.requireContact(em, caller, contact, 'document:read');
    const where = [
      "d.status <> 'DELETED'",
      'd.deleted_at is null',
      'd.location_id = ?',
      `exists (select 1 from ${table(em, 'document_contact')} c where c.document_id = d.id and c.contact_id = ?)`,
    ];
    return documentPage(em, this.documents, { where, params: [contact.locationId, contact.id] }, page);
  }

  async uploadForContact(em: EntityManager, caller: AccessCaller, contact: { id: string; locationId: string }, upload: EntityUpload): Promise<{ document: DocumentView; duplicate: boolean }> {
    const grant = await this.requireContact(em, caller, contact, 'document:write');
    const place = { locationId: grant.locationId, accountId: grant.accountId, buildingId: null, unitId: null, tenantId: null };
    return this.file(em, caller, place, upload, async (documentId) => {
      await em.execute(`insert into ${table(em, 'document_contact')} (document_id, contact_id) values (?, ?) on conflict do nothing`, [documentId, contact.id]);
    });
  }

  /** The selected location within the caller's reach (with `permission`) and the contact one of its contacts, else 404. */
  private async requireContact(em: EntityManager, caller: AccessCaller, contact: { id: string; locationId: string }, permission: 'document:read' | 'document:write') {
    const grant = await this.access.require(em, caller, contact.locationId, permission, CONTACT_NOT_FOUND);
    const known = await this.directory.contactAt(em, contact.id, grant.locationId);
    if (!known || known.account_id !== grant.accountId) throw RpcFailure.notFound(CONTACT_NOT_FOUND);
    return grant;
  }

  /**
   * Files an uploaded file at the place and links it (`link`, with whether the location had the bytes already); a
   * duplicate's new object, which nothing refers to, is removed (one object per file).
   */
  private async file(
    em: EntityManager,
    caller: AccessCaller,
    place: { locationId: string; accountId: string; buildingId: string | null; unitId: string | null; tenantId: string | null },
    upload: EntityUpload,
    link: (documentId: string, duplicate: boolean) => Promise<void>,
  ): Promise<{ document: DocumentView; duplicate: boolean }> {
    const file = upload.file;
    if (!file) throw RpcFailure.badRequest(ENTITY_FILE_REQUIRED);
    const filed = await this.documents.register(em, {
      accountId: place.accountId,
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
    await link(filed.id, filed.duplicate);
    if (filed.duplicate) await this.store.remove(file.key);
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
