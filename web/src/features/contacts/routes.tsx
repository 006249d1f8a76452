import type { RouteObject } from 'react-router';

/**
 * The contacts of the location chosen in the shell (spec 000 §2.1 and 001 §2: contacts, contacts/create, contacts/{id},
 * contacts/{id}/edit), relative to /property-manager; a location's own Contacts tab is its location section.
 */
export const contactRoutes: RouteObject[] = [
  { path: 'contacts', lazy: { Component: async () => (await import('./ContactPages.js')).SelectedLocationContactsPage } },
  { path: 'contacts/create', lazy: { Component: async () => (await import('./ContactPages.js')).CreateContactPage } },
  { path: 'contacts/:id', lazy: { Component: async () => (await import('./ContactPages.js')).ContactViewPage } },
  { path: 'contacts/:id/edit', lazy: { Component: async () => (await import('./ContactPages.js')).EditContactPage } },
];
