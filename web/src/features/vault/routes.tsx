import type { RouteObject } from 'react-router';

/**
 * The vault's manager routes (spec 001 §2: operations-hub/vault and operations-hub/vault/folder/{folderId}; spec 000
 * §2.1 writes the folder route vault/folder/{folderId}, the same page).
 */
export const vaultRoutes: RouteObject[] = [
  { path: 'operations-hub/vault', lazy: { Component: async () => (await import('./VaultPage.js')).VaultPage } },
  { path: 'operations-hub/vault/folder/:folderId', lazy: { Component: async () => (await import('./VaultPage.js')).VaultPage } },
  { path: 'vault/folder/:folderId', lazy: { Component: async () => (await import('./VaultPage.js')).VaultPage } },
];
