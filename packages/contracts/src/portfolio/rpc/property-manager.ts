import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../validation.js';
import { NavbarFlagsSchema, noOnboardingProgress, OnboardingProgressSchema } from '../onboarding-progress.js';

/**
 * GET property-manager/onboarding/{id}/progress. `id` is the caller's user id (or the id of one of the caller's
 * locations, which answers the same: the progress is the account's). Anyone else's id is a 404.
 */
export const GetOnboardingProgress = defineRpc({
  subject: 'pm.rpc.portfolio.onboarding-progress.get.v1',
  access: 'caller',
  http: { method: 'GET', path: 'property-manager/onboarding/:id/progress' },
  request: z.object({ id: IdRefSchema.min(1) }),
  response: OnboardingProgressSchema,
  fixture: {
    request: { id: 'usr_01HZX3' },
    response: { ...noOnboardingProgress, hasPropertyLocation: true, firstPropertyLocationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c' },
  },
});

/** GET property-manager/navbar-flags/{locationId}: for one of the caller's locations, else 404. */
export const GetNavbarFlags = defineRpc({
  subject: 'pm.rpc.portfolio.navbar-flags.get.v1',
  access: 'location:read',
  http: { method: 'GET', path: 'property-manager/navbar-flags/:locationId' },
  request: z.object({ locationId: IdRefSchema.min(1) }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: NavbarFlagsSchema,
  fixture: {
    request: { locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c' },
    response: { showCommunicationMenuItems: false, showWorkflowsMenuItem: true, showPropertyInvoices: true, showMaintenanceRequestsMenuItem: true },
  },
});
