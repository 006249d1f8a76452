import type { RouteObject } from 'react-router';

/** The manager's document page (spec 001 §2 `documents/{id}`, route name documentView), inside the manager shell. */
export const managerDocumentRoutes: RouteObject[] = [{ path: 'documents/:id', lazy: { Component: async () => (await import('./DocumentPage.js')).DocumentPage } }];
