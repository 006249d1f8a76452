import type { RouteObject } from 'react-router';

/**
 * The tickets feature's manager routes (spec 001 §2 routes: tickets, and issues — the issues tenants raised, which
 * are the tickets), inside the manager shell.
 */
export const ticketRoutes: RouteObject[] = [
  { path: 'tickets', lazy: { Component: async () => (await import('./TicketsPage.js')).TicketsPage } },
  { path: 'issues', lazy: { Component: async () => (await import('./TicketsPage.js')).TicketsPage } },
];
