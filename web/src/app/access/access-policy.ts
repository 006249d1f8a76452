import type { AccountType } from '../session-slice.js';
import { isSpecialHostPublicPath } from '../special-host.js';
import { isPublicPath } from './public-paths.js';

export interface AccessContext {
  pathname: string;
  /** The query string (`?…`), for entries that open a path to visitors without a session. */
  search?: string;
  /** Any session, anonymous included. */
  isSignedIn: boolean;
  isAnonymous?: boolean;
  accountType?: AccountType | null;
  /** The page is on the special host (app/special-host.ts), whose public routes are fewer. */
  specialHost?: boolean;
}

export type AccessDecision = { allowed: true } | { allowed: false; redirectTo: string };

/** A rule answers for the paths it knows and returns undefined for the rest, so rules compose in order. */
export type AccessRule = (context: AccessContext) => AccessDecision | undefined;

const allowed: AccessDecision = { allowed: true };

/**
 * Public paths are always open (on the special host only its reduced set; the others go to its home); any other path
 * gets the first decision a rule makes. With no deciding rule the path is open.
 */
export function decideAccess(context: AccessContext, rules: readonly AccessRule[]): AccessDecision {
  if (isPublicPath(context.pathname)) {
    return context.specialHost && !isSpecialHostPublicPath(context.pathname) ? { allowed: false, redirectTo: '/' } : allowed;
  }
  for (const rule of rules) {
    const decision = rule(context);
    if (decision) return decision;
  }
  return allowed;
}
