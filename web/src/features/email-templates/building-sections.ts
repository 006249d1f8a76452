import type { RouteObject } from 'react-router';

/** buildings/{id}/email-templates and buildings/{id}/signature. */
export const emailBuildingSections: RouteObject[] = [
  { path: 'email-templates', lazy: { Component: async () => (await import('./BuildingEmailTemplatesPage.js')).BuildingEmailTemplatesPage } },
  { path: 'signature', lazy: { Component: async () => (await import('./BuildingSignaturePage.js')).BuildingSignaturePage } },
];
