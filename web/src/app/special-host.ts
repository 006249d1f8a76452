import { matchPath } from 'react-router';
import type { publicPaths } from './access/public-paths.js';

/**
 * The special host (spec 000 §1 and §2.2): a host whose name starts with a configured prefix shows a document-centred
 * experience — the PDF welcome page as its home, a reduced set of public routes, and the document list where the
 * product would otherwise send a signed-in user to the property dashboard.
 *
 * The prefix is the build-time `VITE_SPECIAL_HOST_PREFIX` (default `docs.`; set it empty to have no special host).
 */
// Optional chaining: jest runs these modules without Vite, where import.meta.env does not exist.
const configured: string | undefined = import.meta.env?.VITE_SPECIAL_HOST_PREFIX;
export const SPECIAL_HOST_PREFIX = (configured ?? 'docs.').trim().toLowerCase();

/** The document list: the special host's dashboard fallback. */
export const SPECIAL_HOST_DASHBOARD_PATH = '/documents';

/** Whether `hostname` (by default the page's own) is the special host. */
export function isSpecialHost(hostname: string = globalThis.location?.hostname ?? '', prefix: string = SPECIAL_HOST_PREFIX): boolean {
  return prefix !== '' && hostname.toLowerCase().startsWith(prefix);
}

/**
 * The public routes the special host keeps (the spec reduces them without listing them): its home, signing up, in
 * and out, the password and e-mail steps, the legal pages and the status page. The marketing pages, the payment
 * result pages, share and invitation links belong to the main host; on the special host they go to its home. A
 * subset of the public paths, which the type holds it to.
 */
export const specialHostPublicPaths = [
  '/',
  '/login',
  '/signup',
  '/sign-up',
  '/logout',
  '/reset-password',
  '/privacy-policy',
  '/terms-of-service',
  '/verify-email/:email',
  '/status',
] as const satisfies readonly (typeof publicPaths)[number][];

export function isSpecialHostPublicPath(pathname: string): boolean {
  return specialHostPublicPaths.some((path) => matchPath({ path, end: true }, pathname) !== null);
}
