import type { LocationDialog } from '../../app/location-section.js';
import { InviteTenantsDialog } from './invite/InviteTenantsDialog.js';

/** Spec 001 section 2: ?openInviteTenant=true opens Invite Tenants on arrival at the location. */
export const OPEN_INVITE_TENANT = 'openInviteTenant';

export const tenantLocationDialogs: LocationDialog[] = [{ flag: OPEN_INVITE_TENANT, Component: InviteTenantsDialog }];
