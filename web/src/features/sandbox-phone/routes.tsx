import type { RouteObject } from 'react-router';

/** The local profile's sandbox phone, inside the manager shell (the shell lists it only where the sandbox answers). */
export const sandboxPhoneRoutes: RouteObject[] = [{ path: 'sandbox-phone', lazy: { Component: async () => (await import('./SandboxPhonePage.js')).SandboxPhonePage } }];
