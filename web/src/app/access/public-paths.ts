import { matchPath } from 'react-router';

/**
 * The spec's public routes (section 2.1), open to everyone whatever the guard's rules say, plus the status page, the
 * public pages the spec gives no route (the property-owner campaign and PDF pitch pages) and the old sign-up path
 * that invitation e-mails already sent still link to (it redirects to /signup).
 */
export const publicPaths = [
  '/',
  '/old',
  '/pm',
  '/property-owners',
  '/pdf',
  '/login',
  '/signup',
  '/sign-up',
  '/logout',
  '/reset-password',
  '/privacy-policy',
  '/terms-of-service',
  '/about-us',
  '/pricing',
  '/rent/success',
  '/rent/cancel',
  '/share/:shortCode',
  '/verify-email/:email',
  '/status',
  '/welcome/:token',
  // A partner invitation link: the page itself asks the visitor to sign in with the invited address.
  '/partner-invitation/:token',
] as const;

export function isPublicPath(pathname: string): boolean {
  return publicPaths.some((path) => matchPath({ path, end: true }, pathname) !== null);
}
