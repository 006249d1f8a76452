import type { RouteObject } from 'react-router';

/** invite-member (spec 000 §2.1), relative to /property-manager; a location's own partners are its Partners tab. */
export const partnerRoutes: RouteObject[] = [{ path: 'invite-member', lazy: { Component: async () => (await import('./PartnersPage.js')).InviteMemberPage } }];
