/** Spec 001 §8: the vault's loading and folder toasts, word for word. */
export const vaultTexts = {
  documentsFailed: 'Failed to fetch vault documents.',
  categoriesFailed: 'Failed to fetch document categories.',
  hierarchyFailed: 'Failed to fetch folder hierarchy',
  folderContentsFailed: 'Failed to fetch folder contents',
  rootContentsFailed: 'Failed to fetch root contents',
  deleteFolderFailed: 'Failed to delete folder',
  moveDocumentsFailed: 'Failed to move documents between properties',
  moveFoldersFailed: 'Failed to move folders between properties',
} as const;

/** The product's own words where the spec gives none. */
export const folderActionTexts = {
  deleteTitle: 'Delete this folder?',
  deleteBody: (name: string) => `"${name}" will be removed from the vault. Only an empty folder can be deleted: move or delete what it holds first.`,
  moved: 'Folder moved successfully',
  actions: (name: string) => `Actions for ${name}`,
} as const;
