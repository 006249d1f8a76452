import type { RouteObject } from 'react-router';

export const documentBuildingSections: RouteObject[] = [
  { path: 'documents', lazy: { Component: async () => (await import('./BuildingDocumentsSection.js')).BuildingDocumentsSection } },
];
