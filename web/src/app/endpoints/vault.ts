import type { TagDescription } from '@reduxjs/toolkit/query';
import { LIST_ID } from '../cache-tags.js';
import type { EndpointTable } from '../contract-endpoints.js';
import type { TagType } from '../tag-types.js';

/** Spec 001 §9: a document's summary is kept 5 minutes and not retried (a failure offers reprocessing instead). */
const SUMMARY_CACHE_SECONDS = 5 * 60;

type Tags = TagDescription<TagType>[];
const documentLists: Tags = [{ type: 'Document', id: LIST_ID }];
/** A list of documents: the list tag and each document's, so a change to one refetches the lists that show it. */
const documentsIn = (page: { items: readonly { id: string }[] } | undefined): Tags => [...documentLists, ...(page?.items ?? []).map(({ id }) => ({ type: 'Document' as const, id }))];
/** A change to one document: the lists and the document itself are read again once it is made. */
const changed = (id: string): Tags => [...documentLists, { type: 'Document', id }];

/** The cache tags and call options of the vault's generated endpoints (app/generated/vault-api.ts). */
export const vault: EndpointTable = {
  ListVaultDocuments: { provides: documentsIn },
  ListBuildingDocuments: { provides: documentsIn },
  ListUnitDocuments: { provides: documentsIn },
  ListTenantDocuments: { provides: documentsIn },
  ListContactDocuments: { provides: documentsIn },
  GetFolderContents: { provides: (result) => documentsIn(result?.documents) },
  GetRootFolderContents: { provides: (result) => documentsIn(result?.documents) },
  GetFolderHierarchy: { provides: documentLists },
  GetDocument: { provides: (_result, { id }) => [{ type: 'Document', id }] },
  // The categories change with a release, not with use.
  ListDocumentCategories: { keepUnusedDataFor: 3_600 },
  GetDocumentSummary: { provides: (_result, { id }) => [{ type: 'DocumentSummary', id }], keepUnusedDataFor: SUMMARY_CACHE_SECONDS },
  GetDocumentExtract: { provides: (_result, { id }) => [{ type: 'DocumentSummary', id }] },
  ReprocessDocument: { invalidates: (_result, { id }) => [{ type: 'Document', id }, { type: 'DocumentSummary', id }] },
  CreateFolder: { invalidates: documentLists },
  DeleteFolder: { invalidates: documentLists },
  MoveFoldersBetweenProperties: { invalidates: documentLists },
  MoveDocumentsBetweenProperties: { invalidates: documentLists },
  MoveDocumentsToFolder: { invalidates: documentLists },
  UploadContactDocument: { invalidates: documentLists },
  RenameDocument: { invalidates: (_result, { id }) => changed(id) },
  UpdateDocumentCategory: { invalidates: (_result, { id }) => changed(id) },
  UpdateDocumentTags: { invalidates: (_result, { id }) => changed(id) },
  DeleteDocument: { invalidates: (_result, { documentId }) => changed(documentId) },
};
