import { tenantLocationDialogs } from '../features/tenants/location-dialogs.js';
import type { LocationDialog } from './location-section.js';

/**
 * The dialogs other features open over the location page from a query flag. Apart from location-sections.ts because
 * the dialogs are screens: only the (lazy) location page imports them, never the route table.
 */
export const locationDialogs: readonly LocationDialog[] = [...tenantLocationDialogs];
