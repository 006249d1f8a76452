/** Where "Skip for now" can lead (spec 000 2.5), gathered from the URL, the stored referral and local storage. */
export interface SkipSources {
  returnUrl: string | null;
  referralUrl: string | null;
  postOnboardingRedirect: string | null;
  shareRedirect: string | null;
}

export const DEFAULT_SKIP_TARGET = '/property-manager';

/** Shown only when the user came from a share link, a referral or a post-onboarding redirect. */
export function canSkipOnboarding(sources: SkipSources): boolean {
  return Boolean(sources.referralUrl || sources.postOnboardingRedirect || sources.shareRedirect);
}

/** In order of preference: returnUrl, the referral URL, the post-onboarding redirect, the share redirect, else /property-manager. */
export function skipTarget(sources: SkipSources): string {
  return sources.returnUrl || sources.referralUrl || sources.postOnboardingRedirect || sources.shareRedirect || DEFAULT_SKIP_TARGET;
}

/**
 * A returnUrl comes from the address bar, so only a path on this site is honoured: anything else would make the
 * onboarding page an open redirect.
 */
export function safeReturnUrl(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}
