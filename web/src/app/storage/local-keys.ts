/**
 * Everything the app keeps in localStorage (spec section 9), in one place so no two features invent a key for the
 * same thing. Values survive reloads and the Google round trip; the session token is never stored here.
 */
export const localKeys = {
  pendingReferral: 'pm.pending-referral',
  shareRedirect: 'pm.share-redirect-url',
  pendingOAuthCampaign: 'pm.pending-oauth-campaign',
  postOnboardingRedirect: 'pm.post-onboarding-redirect',
  campaign: 'pm.campaign',
  /** Spec 000 §4.9: the manager shell's guided tour, once finished, skipped or closed. */
  guidedTourViewed: 'pm.guided-tour-viewed',
} as const;

export type LocalKey = (typeof localKeys)[keyof typeof localKeys];

/** A referral captured from a sign-up/login link, submitted with POST user/referral after sign-in (spec 3.3, 4.3). */
export interface PendingReferral {
  referralType: string;
  referralId: string;
  referralUrl: string;
  referralMetadata: Record<string, string>;
}

// Private browsing and full quotas make storage throw; a lost hint is better than a broken sign-in.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readLocal(key: LocalKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeLocal(key: LocalKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // see storage()
  }
}

export function removeLocal(key: LocalKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // see storage()
  }
}

/** Reads and removes a value: redirects and pending campaigns are meant to be used once. */
export function takeLocal(key: LocalKey): string | null {
  const value = readLocal(key);
  removeLocal(key);
  return value;
}

export function readPendingReferral(): PendingReferral | null {
  const raw = readLocal(localKeys.pendingReferral);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingReferral>;
    if (typeof value.referralType !== 'string' || typeof value.referralId !== 'string') return null;
    return {
      referralType: value.referralType,
      referralId: value.referralId,
      referralUrl: typeof value.referralUrl === 'string' ? value.referralUrl : '',
      referralMetadata: value.referralMetadata && typeof value.referralMetadata === 'object' ? value.referralMetadata : {},
    };
  } catch {
    return null;
  }
}

export function savePendingReferral(referral: PendingReferral): void {
  writeLocal(localKeys.pendingReferral, JSON.stringify(referral));
}
