import type { RouteObject } from 'react-router';

/**
 * Top-level manager routes of the knowledge feature (rules, and the knowledge base of Q&A items and rules, of the
 * selected location), inside the manager shell.
 */
export const knowledgeRoutes: RouteObject[] = [
  { path: 'rules', lazy: { Component: async () => (await import('./pages.js')).SelectedLocationRulesPage } },
  { path: 'knowledge-base', lazy: { Component: async () => (await import('./pages.js')).SelectedLocationKnowledgeBasePage } },
];
