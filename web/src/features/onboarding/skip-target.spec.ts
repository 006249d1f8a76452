import { canSkipOnboarding, safeReturnUrl, skipTarget, type SkipSources } from './skip-target.js';

const none: SkipSources = { returnUrl: null, referralUrl: null, postOnboardingRedirect: null, shareRedirect: null };

describe('Skip for now (spec 000 2.5)', () => {
  it('shows only for a share link, a referral or a post-onboarding redirect', () => {
    expect(canSkipOnboarding(none)).toBe(false);
    expect(canSkipOnboarding({ ...none, returnUrl: '/property-manager/dashboard' })).toBe(false);
    expect(canSkipOnboarding({ ...none, shareRedirect: '/share/Ab3x' })).toBe(true);
    expect(canSkipOnboarding({ ...none, referralUrl: 'https://example.test/r/1' })).toBe(true);
    expect(canSkipOnboarding({ ...none, postOnboardingRedirect: '/property-manager/communities/7' })).toBe(true);
  });

  it('goes to returnUrl, then the referral URL, the post-onboarding redirect, the share redirect, else /property-manager', () => {
    const all: SkipSources = {
      returnUrl: '/return',
      referralUrl: '/referral',
      postOnboardingRedirect: '/post-onboarding',
      shareRedirect: '/share/Ab3x',
    };
    expect(skipTarget(all)).toBe('/return');
    expect(skipTarget({ ...all, returnUrl: null })).toBe('/referral');
    expect(skipTarget({ ...all, returnUrl: null, referralUrl: null })).toBe('/post-onboarding');
    expect(skipTarget({ ...none, shareRedirect: '/share/Ab3x' })).toBe('/share/Ab3x');
    expect(skipTarget(none)).toBe('/property-manager');
  });

  it('honours only a returnUrl on this site', () => {
    expect(safeReturnUrl('/property-manager/dashboard?x=1')).toBe('/property-manager/dashboard?x=1');
    expect(safeReturnUrl('https://evil.example/')).toBeNull();
    expect(safeReturnUrl('//evil.example/')).toBeNull();
    expect(safeReturnUrl('/\\evil.example/')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });
});
