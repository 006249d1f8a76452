import type { LocationSection } from '../../app/location-section.js';

export const contactLocationSections: LocationSection[] = [{ path: 'contacts', label: 'Contacts', lazy: { Component: async () => (await import('./ContactsPage.js')).ContactsPage } }];
