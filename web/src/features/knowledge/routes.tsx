import type { RouteObject } from 'react-router';

/** Top-level manager routes of the knowledge feature (rules of the selected location), inside the manager shell. */
export const knowledgeRoutes: RouteObject[] = [{ path: 'rules', lazy: { Component: async () => (await import('./pages.js')).SelectedLocationRulesPage } }];
