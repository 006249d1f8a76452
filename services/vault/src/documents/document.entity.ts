import { defineEntity, p } from '@mikro-orm/core';

const DocumentSchema = defineEntity({
  name: 'VaultDocument',
  tableName: 'document',
  properties: {
    id: p.uuid().primary(),
    accountId: p.string().fieldName('account_id'),
    propertyLocationId: p.string().fieldName('location_id').nullable(),
    folderId: p.uuid().fieldName('folder_id').nullable(),
    originalName: p.string().fieldName('original_name'),
    mimeType: p.string().fieldName('mime_type'),
    storageKey: p.string().fieldName('storage_key'),
    status: p.string(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/**
 * A document of the vault, as the ORM sees it (the columns the repository's SQL does not cover are the migration's).
 * Repositories read and write with SQL (`DocumentsRepository`); this mapping gives MikroORM the schema's main entity.
 */
export class VaultDocument extends DocumentSchema.class {}
DocumentSchema.setClass(VaultDocument);
