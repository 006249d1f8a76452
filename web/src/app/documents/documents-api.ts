import {
  GetDocument,
  GetDocumentExtract,
  GetDocumentSummary,
  ListDocumentCategories,
  ListVaultDocuments,
  ReprocessDocument,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { LIST_ID } from '../cache-tags.js';
import { callOf } from '../contract-endpoints.js';

/** Spec 001 §9: a document's summary is kept 5 minutes and not retried (a failure offers reprocessing instead). */
export const SUMMARY_CACHE_SECONDS = 5 * 60;

const documentLists = [{ type: 'Document' as const, id: LIST_ID }];

/** The vault's and the document page's reads, shared by the vault browser, the Documents tabs and the viewer. */
export const documentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listVaultDocuments: build.query<ResponseOf<typeof ListVaultDocuments>, RequestInputOf<typeof ListVaultDocuments>>({
      query: callOf(ListVaultDocuments),
      providesTags: (result) => [...documentLists, ...(result?.items ?? []).map((document) => ({ type: 'Document' as const, id: document.id }))],
    }),
    getDocument: build.query<ResponseOf<typeof GetDocument>, string>({
      query: (id) => callOf(GetDocument)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'Document', id }],
    }),
    listDocumentCategories: build.query<ResponseOf<typeof ListDocumentCategories>, void>({
      query: () => callOf(ListDocumentCategories)({}),
      keepUnusedDataFor: 3_600,
    }),
    getDocumentSummary: build.query<ResponseOf<typeof GetDocumentSummary>, string>({
      query: (id) => callOf(GetDocumentSummary)({ id }),
      keepUnusedDataFor: SUMMARY_CACHE_SECONDS,
      providesTags: (_result, _error, id) => [{ type: 'DocumentSummary', id }],
    }),
    getDocumentExtract: build.query<ResponseOf<typeof GetDocumentExtract>, string>({
      query: (id) => callOf(GetDocumentExtract)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'DocumentSummary', id }],
    }),
    /** One Idempotency-Key per click: a repeated request of the same click starts one new attempt. */
    reprocessDocument: build.mutation<ResponseOf<typeof ReprocessDocument>, { id: string; idempotencyKey: string }>({
      query: ({ id, idempotencyKey }) => ({ ...callOf(ReprocessDocument)({ id }), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Document', id }, { type: 'DocumentSummary', id }]),
    }),
  }),
});

export const {
  useListVaultDocumentsQuery,
  useGetDocumentQuery,
  useListDocumentCategoriesQuery,
  useGetDocumentSummaryQuery,
  useGetDocumentExtractQuery,
  useReprocessDocumentMutation,
} = documentsApi;
