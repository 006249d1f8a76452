import type { RouteObject } from 'react-router';

/** The tickets feature's manager route (spec 001 §2 routes: tickets), inside the manager shell. */
export const ticketRoutes: RouteObject[] = [{ path: 'tickets', lazy: { Component: async () => (await import('./TicketsPage.js')).TicketsPage } }];
