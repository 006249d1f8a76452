import type { PendingReferral } from '../../app/storage/local-keys.js';

export const DEFAULT_CAMPAIGN = 'property_owner';

const referralParams = ['referral_type', 'referral_id', 'referral_url'] as const;
// Parameters the auth screens act on themselves; they are not referral metadata and are not carried along.
const controlParams = new Set(['redirect', 'verified', 'verify_error', 'reset_error', 'oauth', 'oauth_error']);

export interface AuthQuery {
  /** The campaign of the visit; property_owner when the link names none (spec 2.3 screen 7). */
  campaign: string;
  /** Whether the link named a campaign itself (only then is it worth carrying into the next link). */
  campaignGiven: boolean;
  /** Present when the link carried referral_type and referral_id. */
  referral: PendingReferral | null;
  /** Every other parameter plus the campaign (spec 3.3: "other query parameters plus campaign"). */
  referralMetadata: Record<string, string>;
  /** `resident` when the link asks for a resident account (the tenant invitation's sign-up link), else null. */
  accountType: 'resident' | null;
}

/** Reads the campaign and referral parameters of a sign-up or login link. */
export function readAuthQuery(search: URLSearchParams): AuthQuery {
  const campaign = search.get('campaign') || DEFAULT_CAMPAIGN;
  const referralMetadata: Record<string, string> = {};
  for (const [key, value] of search) {
    if (key === 'campaign' || key === 'account_type' || controlParams.has(key) || (referralParams as readonly string[]).includes(key)) continue;
    referralMetadata[key] = value;
  }
  referralMetadata.campaign = campaign;

  const referralType = search.get('referral_type');
  const referralId = search.get('referral_id');
  const referral =
    referralType && referralId
      ? { referralType, referralId, referralUrl: search.get('referral_url') ?? '', referralMetadata }
      : null;
  const accountType = search.get('account_type') === 'resident' ? 'resident' : null;
  return { campaign, campaignGiven: search.has('campaign'), referral, referralMetadata, accountType };
}

/**
 * A link to another auth screen (login ↔ sign-up) that carries the visit's campaign and referral parameters, so
 * switching screens loses nothing. `extra` adds parameters such as the saved share redirect.
 */
export function authLink(path: '/login' | '/signup', search: URLSearchParams, extra: Record<string, string | null | undefined> = {}): string {
  const carried = new URLSearchParams();
  for (const [key, value] of search) if (!controlParams.has(key)) carried.append(key, value);
  for (const [key, value] of Object.entries(extra)) if (value) carried.set(key, value);
  const query = carried.toString();
  return query ? `${path}?${query}` : path;
}

/** The Google sign-in entry of the BFF; the campaign and redirect travel in the OAuth state. */
export function googleSignInUrl(campaign: string, redirect?: string | null): string {
  const query = new URLSearchParams({ campaign });
  if (redirect) query.set('redirect', redirect);
  return `/api/auth/google?${query.toString()}`;
}
