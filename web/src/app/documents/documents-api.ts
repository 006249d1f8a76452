import { GetDocument, ListDocumentCategories, ListVaultDocuments, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { LIST_ID } from '../cache-tags.js';
import { callOf } from '../contract-endpoints.js';

/** Spec 001 §9: a document's summary is kept 5 minutes and not retried (a failure offers reprocessing instead). */
export const SUMMARY_CACHE_SECONDS = 5 * 60;

/**
 * The summary's answer (`GET document/{id}/summary`, spec 001 §7). Its contract belongs to the processing pipeline
 * and is not on main yet: this local shape is replaced by `ResponseOf<typeof GetDocumentSummary>` at merge.
 */
export interface DocumentSummaryAnswer {
  summary: string | null;
}
/** `GET document/{id}/extract`: each fact with the page and sentence it came from (pipeline contract pending, as above). */
export interface ExtractedFactAnswer {
  field: string;
  value: unknown;
  page_number: number | null;
  sentence: string | null;
}

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
    getDocumentSummary: build.query<DocumentSummaryAnswer, string>({
      query: (id) => `document/${encodeURIComponent(id)}/summary`,
      keepUnusedDataFor: SUMMARY_CACHE_SECONDS,
      providesTags: (_result, _error, id) => [{ type: 'DocumentSummary', id }],
    }),
    getDocumentFacts: build.query<ExtractedFactAnswer[], string>({
      query: (id) => `document/${encodeURIComponent(id)}/extract`,
      transformResponse: (answer: ExtractedFactAnswer[] | { facts?: ExtractedFactAnswer[]; items?: ExtractedFactAnswer[] }) =>
        Array.isArray(answer) ? answer : (answer.facts ?? answer.items ?? []),
      providesTags: (_result, _error, id) => [{ type: 'DocumentSummary', id }],
    }),
    reprocessDocument: build.mutation<unknown, string>({
      query: (id) => ({ url: `document/${encodeURIComponent(id)}/reprocess`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Document', id }, { type: 'DocumentSummary', id }]),
    }),
  }),
});

export const {
  useListVaultDocumentsQuery,
  useGetDocumentQuery,
  useListDocumentCategoriesQuery,
  useGetDocumentSummaryQuery,
  useGetDocumentFactsQuery,
  useReprocessDocumentMutation,
} = documentsApi;
