import { DOCUMENT_CATEGORIES, NO_TAGS, type DocumentStatus, type DocumentTags, type DocumentView } from '@pm/contracts';

/** A document row as the repository's SQL reads it (`DOCUMENT_COLUMNS`). */
export interface DocumentRow {
  id: string;
  account_id: string;
  location_id: string | null;
  folder_id: string | null;
  building_id: string | null;
  unit_id: string | null;
  tenant_id: string | null;
  original_name: string;
  mime_type: string;
  size: string | number;
  sha256: string;
  storage_key: string;
  preview_key: string | null;
  status: DocumentStatus;
  progress: number;
  category_id: number | null;
  category_chosen: boolean;
  data_type: DocumentView['metadata']['data_type'];
  source: DocumentView['metadata']['source'];
  message_id: string | null;
  page_count: number | null;
  failure_reason: string | null;
  attempt: number;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const DOCUMENT_COLUMNS = `d.id, d.account_id, d.location_id, d.folder_id, d.building_id, d.unit_id, d.tenant_id, d.original_name, d.mime_type,
  d.size, d.sha256, d.storage_key, d.preview_key, d.status, d.progress, d.category_id, d.category_chosen, d.data_type, d.source,
  d.message_id, d.page_count, d.failure_reason, d.attempt, d.created_by, d.created_at, d.updated_at`;

const iso = (value: Date | string): string => new Date(value).toISOString();

export function categoryOf(id: number | null): DocumentView['category'] {
  const category = DOCUMENT_CATEGORIES.find((c) => c.id === id);
  return category ? { id: category.id, name: category.name } : null;
}

/** The web's view of a document row and its tags. */
export function documentView(row: DocumentRow, tags: DocumentTags = NO_TAGS): DocumentView {
  return {
    id: row.id,
    original_name: row.original_name,
    mime_type: row.mime_type,
    status: row.status,
    file_path: `document/doc/${row.id}`,
    size: Number(row.size),
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    progress: row.progress,
    metadata: {
      source: row.source,
      data_type: row.data_type,
      sha256: row.sha256,
      page_count: row.page_count,
      has_preview_pdf: row.preview_key !== null,
      failure_reason: row.failure_reason,
      message_id: row.message_id,
    },
    category: categoryOf(row.category_id),
    category_id: row.category_id,
    property_location_id: row.location_id,
    folder_id: row.folder_id,
    building_id: row.building_id,
    unit_id: row.unit_id,
    tenant_id: row.tenant_id,
    tags,
  };
}
