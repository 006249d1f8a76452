import type { DocumentView, FolderView } from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { LIST_ID } from '../cache-tags.js';

/**
 * The vault browser's folder and move calls (spec 001 §7). Their contracts belong to the vault browser part and are
 * not on main yet: these endpoints use the spec's paths with local shapes and are switched to `callOf(<contract>)`
 * at merge (the answers are read tolerantly for the same reason).
 */
export interface FolderContents {
  /** The folder itself (null at the root): its name for the breadcrumb, whether it is a read-only system folder. */
  folder: FolderView | null;
  folders: FolderView[];
  documents: DocumentView[];
}
export interface MoveBetweenPropertiesAnswer {
  moved_documents_count: number;
  updated_calendar_events_count: number;
}

export const vaultActionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    folderContents: build.query<FolderContents, { folderId: string | null; locationId: string }>({
      query: ({ folderId, locationId }) => ({
        url: folderId ? `document-folders/${encodeURIComponent(folderId)}/contents` : 'document-folders/root/contents',
        params: { property_location_id: locationId },
      }),
      transformResponse: (answer: Partial<FolderContents> & { subfolders?: FolderView[] }) => ({
        folder: answer.folder ?? null,
        folders: answer.folders ?? answer.subfolders ?? [],
        documents: answer.documents ?? [],
      }),
      providesTags: [{ type: 'Document', id: LIST_ID }],
    }),
    createFolder: build.mutation<FolderView, { name: string; description?: string; parent_folder_id: string | null; property_location_id: string; idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'document-folders', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Document', id: LIST_ID }]),
    }),
    moveDocumentsBetweenProperties: build.mutation<MoveBetweenPropertiesAnswer, { document_ids: string[]; source_property_location_id: string; target_property_location_id: string }>({
      query: (body) => ({ url: 'document/move-between-properties', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Document', id: LIST_ID }]),
    }),
  }),
});

export const { useFolderContentsQuery, useCreateFolderMutation, useMoveDocumentsBetweenPropertiesMutation } = vaultActionsApi;
