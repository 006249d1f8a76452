import type { LocationSection } from '../../app/location-section.js';
import { ContactsPage } from './ContactsPage.js';

export const contactLocationSections: LocationSection[] = [{ path: 'contacts', label: 'Contacts', Component: ContactsPage }];
