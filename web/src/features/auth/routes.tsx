import type { RouteObject } from 'react-router';

/** The public authentication screens (spec 2.1), shown inside the public shell. */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: { Component: async () => (await import('./log-in/LoginPage.js')).LoginPage } },
  { path: 'signup', lazy: { Component: async () => (await import('./sign-up/SignUpPage.js')).SignUpPage } },
  { path: 'verify-email/:email', lazy: { Component: async () => (await import('./verify-email/VerifyEmailPage.js')).VerifyEmailPage } },
  { path: 'reset-password', lazy: { Component: async () => (await import('./reset-password/ResetPasswordPage.js')).ResetPasswordPage } },
  { path: 'logout', lazy: { Component: async () => (await import('./log-out/LogoutPage.js')).LogoutPage } },
];
