import type { LocationDialog, LocationSection } from '../../app/location-section.js';
import { InviteTenantsDialog } from './invite/InviteTenantsDialog.js';
import { LocationTenantsPage } from './location/LocationTenantsPage.js';

export const tenantLocationSections: LocationSection[] = [{ path: 'tenants', label: 'Tenants', Component: LocationTenantsPage }];

/** Spec 001 section 2: ?openInviteTenant=true opens Invite Tenants on arrival at the location. */
export const OPEN_INVITE_TENANT = 'openInviteTenant';

export const tenantLocationDialogs: LocationDialog[] = [{ flag: OPEN_INVITE_TENANT, Component: InviteTenantsDialog }];
