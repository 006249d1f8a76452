import type { RouteObject } from 'react-router';

/** The manager's Inbound Calls page (spec 001 route `inbound-call`), inside the manager shell. */
export const inboundCallRoutes: RouteObject[] = [{ path: 'inbound-call', lazy: { Component: async () => (await import('./InboundCallsPage.js')).InboundCallsPage } }];
