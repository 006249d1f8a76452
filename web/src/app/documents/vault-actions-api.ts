import {
  CreateFolder,
  DeleteDocument,
  DeleteFolder,
  GetFolderContents,
  GetFolderHierarchy,
  GetRootFolderContents,
  GetTaggingOptions,
  MoveDocumentsBetweenProperties,
  MoveDocumentsToFolder,
  MoveFoldersBetweenProperties,
  RenameDocument,
  UpdateDocumentCategory,
  UpdateDocumentTags,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { LIST_ID } from '../cache-tags.js';
import { callOf } from '../contract-endpoints.js';

/** What the vault browser asks of a folder: the location's top level when `folderId` is null. */
export interface FolderContentsRequest {
  folderId: string | null;
  locationId: string;
  sort: RequestInputOf<typeof GetFolderContents>['sort'];
  order: RequestInputOf<typeof GetFolderContents>['order'];
  limit: number;
}

/** A change to one document: the lists and the document itself are read again once it is made. */
const changed = (id: string) => [{ type: 'Document' as const, id: LIST_ID }, { type: 'Document' as const, id }];

/** The vault browser's folder, move and document-management calls (spec 001 §7). */
export const vaultActionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The folder itself (null at the top level), its subfolders and a page of its documents. */
    folderContents: build.query<ResponseOf<typeof GetFolderContents>, FolderContentsRequest>({
      query: ({ folderId, locationId, sort, order, limit }) =>
        folderId ? callOf(GetFolderContents)({ id: folderId, sort, order, limit }) : callOf(GetRootFolderContents)({ property_location_id: locationId, sort, order, limit }),
      providesTags: (result) => [{ type: 'Document', id: LIST_ID }, ...(result?.documents.items ?? []).map((document) => ({ type: 'Document' as const, id: document.id }))],
    }),
    /** The folder's path from the top level down to it (the breadcrumb after "My Vault"). */
    folderHierarchy: build.query<ResponseOf<typeof GetFolderHierarchy>, string>({
      query: (id) => callOf(GetFolderHierarchy)({ id }),
      providesTags: [{ type: 'Document', id: LIST_ID }],
    }),
    deleteFolder: build.mutation<ResponseOf<typeof DeleteFolder>, RequestInputOf<typeof DeleteFolder>>({
      query: callOf(DeleteFolder),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Document', id: LIST_ID }]),
    }),
    moveFoldersBetweenProperties: build.mutation<ResponseOf<typeof MoveFoldersBetweenProperties>, RequestInputOf<typeof MoveFoldersBetweenProperties>>({
      query: callOf(MoveFoldersBetweenProperties),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Document', id: LIST_ID }]),
    }),
    createFolder: build.mutation<ResponseOf<typeof CreateFolder>, RequestInputOf<typeof CreateFolder> & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...request }) => ({ ...callOf(CreateFolder)(request), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Document', id: LIST_ID }]),
    }),
    moveDocumentsBetweenProperties: build.mutation<ResponseOf<typeof MoveDocumentsBetweenProperties>, RequestInputOf<typeof MoveDocumentsBetweenProperties>>({
      query: callOf(MoveDocumentsBetweenProperties),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Document', id: LIST_ID }]),
    }),
    renameDocument: build.mutation<ResponseOf<typeof RenameDocument>, RequestInputOf<typeof RenameDocument>>({
      query: callOf(RenameDocument),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    updateDocumentCategory: build.mutation<ResponseOf<typeof UpdateDocumentCategory>, RequestInputOf<typeof UpdateDocumentCategory>>({
      query: callOf(UpdateDocumentCategory),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    deleteDocument: build.mutation<ResponseOf<typeof DeleteDocument>, RequestInputOf<typeof DeleteDocument>>({
      query: callOf(DeleteDocument),
      invalidatesTags: (_result, error, { documentId }) => (error ? [] : changed(documentId)),
    }),
    moveDocumentsToFolder: build.mutation<ResponseOf<typeof MoveDocumentsToFolder>, RequestInputOf<typeof MoveDocumentsToFolder>>({
      query: callOf(MoveDocumentsToFolder),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Document', id: LIST_ID }]),
    }),
    getTaggingOptions: build.query<ResponseOf<typeof GetTaggingOptions>, RequestInputOf<typeof GetTaggingOptions>>({
      query: callOf(GetTaggingOptions),
    }),
    updateDocumentTags: build.mutation<ResponseOf<typeof UpdateDocumentTags>, RequestInputOf<typeof UpdateDocumentTags>>({
      query: callOf(UpdateDocumentTags),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
  }),
});

export const {
  useFolderContentsQuery,
  useFolderHierarchyQuery,
  useDeleteFolderMutation,
  useMoveFoldersBetweenPropertiesMutation,
  useCreateFolderMutation,
  useMoveDocumentsBetweenPropertiesMutation,
  useRenameDocumentMutation,
  useUpdateDocumentCategoryMutation,
  useDeleteDocumentMutation,
  useMoveDocumentsToFolderMutation,
  useGetTaggingOptionsQuery,
  useUpdateDocumentTagsMutation,
} = vaultActionsApi;
