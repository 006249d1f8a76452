import {
  CreateFolder,
  GetFolderContents,
  GetRootFolderContents,
  MoveDocumentsBetweenProperties,
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

/** The vault browser's folder and move calls (spec 001 §7). */
export const vaultActionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The folder itself (null at the top level), its subfolders and a page of its documents. */
    folderContents: build.query<ResponseOf<typeof GetFolderContents>, FolderContentsRequest>({
      query: ({ folderId, locationId, sort, order, limit }) =>
        folderId ? callOf(GetFolderContents)({ id: folderId, sort, order, limit }) : callOf(GetRootFolderContents)({ property_location_id: locationId, sort, order, limit }),
      providesTags: (result) => [{ type: 'Document', id: LIST_ID }, ...(result?.documents.items ?? []).map((document) => ({ type: 'Document' as const, id: document.id }))],
    }),
    createFolder: build.mutation<ResponseOf<typeof CreateFolder>, RequestInputOf<typeof CreateFolder> & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...request }) => ({ ...callOf(CreateFolder)(request), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Document', id: LIST_ID }]),
    }),
    moveDocumentsBetweenProperties: build.mutation<ResponseOf<typeof MoveDocumentsBetweenProperties>, RequestInputOf<typeof MoveDocumentsBetweenProperties>>({
      query: callOf(MoveDocumentsBetweenProperties),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Document', id: LIST_ID }]),
    }),
  }),
});

export const { useFolderContentsQuery, useCreateFolderMutation, useMoveDocumentsBetweenPropertiesMutation } = vaultActionsApi;
