import { matchPath } from 'react-router';
import { isSpecialHost, SPECIAL_HOST_DASHBOARD_PATH } from '../special-host.js';
import type { AccessRule } from './access-policy.js';

export const LOGIN_PATH = '/login';
export const PROPERTY_DASHBOARD_PATH = '/property-manager/dashboard';
export const RESIDENT_DASHBOARD_PATH = '/resident/dashboard';
/** The home-owner portal's Property Overview (spec 000 §2.1). */
export const HOME_OWNER_DASHBOARD_PATH = '/dashboard';

/**
 * Where "Property Overview" takes a signed-in user: a resident's portal is theirs, a home owner's theirs, the manager
 * area everyone else's; on the special host, the document list (spec 000 §1: its dashboard fallback).
 */
export const overviewPathOf = (accountType: string | null | undefined, specialHost: boolean = isSpecialHost()) =>
  specialHost ? SPECIAL_HOST_DASHBOARD_PATH : accountType === 'resident' ? RESIDENT_DASHBOARD_PATH : accountType === 'home_owner' ? HOME_OWNER_DASHBOARD_PATH : PROPERTY_DASHBOARD_PATH;

/**
 * Paths an anonymous session may see beyond the public ones (spec 2.2: "a few shared paths"; the exact list is
 * not given). The chat is the one feature anonymous sessions exist for.
 */
export const anonymousSharedPaths = ['/chat'] as const;

const isUnder = (prefix: string, pathname: string) => matchPath({ path: prefix, end: false }, pathname) !== null;

/** Where the "Start a Chat" entries lead: the chat's unauthenticated experience (spec 000 §2.3 item 13, §4.4). */
export const VISITOR_CHAT_PATH = '/chat?experience=visitor';

/**
 * Spec 000 §2.3 item 13: the chat needs a session, or a visit that came from an unauthenticated-experience entry
 * (`?experience=visitor`); such a visitor enters an address and the page starts an anonymous session for them.
 */
export const visitorChatEntry: AccessRule = ({ isSignedIn, pathname, search }) =>
  !isSignedIn && pathname === '/chat' && new URLSearchParams(search ?? '').get('experience') === 'visitor' ? { allowed: true } : undefined;

/** Spec 2.2: a signed-out visitor on a protected path goes to login (the guard remembers the origin). */
export const signedOutGoToLogin: AccessRule = ({ isSignedIn }) => (isSignedIn ? undefined : { allowed: false, redirectTo: LOGIN_PATH });

/** An anonymous session is not an account: beyond its shared paths it must sign in like anyone else. */
export const anonymousOnlySharedPaths: AccessRule = ({ isAnonymous, pathname }) => {
  if (!isAnonymous) return undefined;
  if (anonymousSharedPaths.some((path) => matchPath({ path, end: true }, pathname))) return { allowed: true };
  return { allowed: false, redirectTo: LOGIN_PATH };
};

/**
 * Spec 2.2: a signed-in user on a path not allowed for them goes to the property dashboard (on the special host to
 * the document list). The resident portal is the residents'; everyone else signed in is treated as a property manager
 * (spec 6), so the manager area stays open to them and the redirect cannot loop.
 */
export const residentPortalOnlyForResidents: AccessRule = ({ pathname, accountType, specialHost }) =>
  isUnder('/resident', pathname) && accountType !== 'resident' ? { allowed: false, redirectTo: specialHost ? SPECIAL_HOST_DASHBOARD_PATH : PROPERTY_DASHBOARD_PATH } : undefined;

export const appAccessRules: readonly AccessRule[] = [visitorChatEntry, signedOutGoToLogin, anonymousOnlySharedPaths, residentPortalOnlyForResidents];
