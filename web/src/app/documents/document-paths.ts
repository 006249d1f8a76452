/** Spec 000 §2 / 001 §2 routes of the vault and the document page. */
export const vaultPath = '/property-manager/operations-hub/vault';
export const vaultFolderPath = (folderId: string) => `${vaultPath}/folder/${encodeURIComponent(folderId)}`;
export const managerDocumentPath = (documentId: string) => `/property-manager/documents/${encodeURIComponent(documentId)}`;
export const homeOwnerDocumentPath = (documentId: string) => `/documents/${encodeURIComponent(documentId)}`;
