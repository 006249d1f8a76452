import type { RouteObject } from 'react-router';

/** The manager's document page (spec 001 §2 `documents/{id}`, route name documentView), inside the manager shell. */
export const managerDocumentRoutes: RouteObject[] = [{ path: 'documents/:id', lazy: { Component: async () => (await import('./DocumentPage.js')).DocumentPage } }];

/** The home-owner portal's Documents (spec 000 §2: /documents and /documents/{id}), in the public shell. */
export const homeOwnerDocumentRoutes: RouteObject[] = [
  { path: 'documents', lazy: { Component: async () => (await import('./HomeOwnerDocumentsPage.js')).HomeOwnerDocumentsPage } },
  { path: 'documents/:id', lazy: { Component: async () => (await import('./DocumentPage.js')).DocumentPage } },
];
