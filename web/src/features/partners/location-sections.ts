import type { LocationSection } from '../../app/location-section.js';
import { PartnersPage } from './PartnersPage.js';

export const partnerLocationSections: LocationSection[] = [{ path: 'managers', label: 'Partners', Component: PartnersPage }];
