import { authLink, googleSignInUrl, readAuthQuery } from './auth-query.js';

describe('readAuthQuery', () => {
  it('defaults the campaign to property_owner and finds no referral in a bare link', () => {
    expect(readAuthQuery(new URLSearchParams(''))).toEqual({
      campaign: 'property_owner',
      campaignGiven: false,
      referral: null,
      referralMetadata: { campaign: 'property_owner' },
      accountType: null,
    });
  });

  it('reads a resident sign-up link (account_type=resident) as the account type, not as referral metadata', () => {
    const query = readAuthQuery(new URLSearchParams('email=jordan%40example.test&account_type=resident'));
    expect(query.accountType).toBe('resident');
    expect(query.referralMetadata).toEqual({ email: 'jordan@example.test', campaign: 'property_owner' });
    expect(readAuthQuery(new URLSearchParams('account_type=property_manager')).accountType).toBeNull();
  });

  it('reads the referral parameters and keeps every other parameter, plus the campaign, as referral metadata', () => {
    const query = readAuthQuery(
      new URLSearchParams(
        'campaign=share_link&referral_type=community&referral_id=c-1&referral_url=%2Fshare%2FAb3x&community_id=c-1&utm_source=mail&redirect=%2Fshare%2FAb3x',
      ),
    );
    expect(query.campaign).toBe('share_link');
    expect(query.campaignGiven).toBe(true);
    expect(query.referralMetadata).toEqual({ community_id: 'c-1', utm_source: 'mail', campaign: 'share_link' });
    expect(query.referral).toEqual({
      referralType: 'community',
      referralId: 'c-1',
      referralUrl: '/share/Ab3x',
      referralMetadata: { community_id: 'c-1', utm_source: 'mail', campaign: 'share_link' },
    });
  });

  it('needs both a referral type and id to make a referral', () => {
    expect(readAuthQuery(new URLSearchParams('referral_type=community')).referral).toBeNull();
  });
});

describe('authLink', () => {
  it('carries campaign and referral parameters to the other auth screen, minus the screen-control ones', () => {
    const search = new URLSearchParams('campaign=share_link&referral_type=community&referral_id=c-1&verified=1&redirect=%2Fx');
    expect(authLink('/signup', search)).toBe('/signup?campaign=share_link&referral_type=community&referral_id=c-1');
  });

  it('appends extra parameters such as a saved share redirect', () => {
    expect(authLink('/login', new URLSearchParams(''), { redirect: '/share/Ab3x', none: null })).toBe('/login?redirect=%2Fshare%2FAb3x');
  });
});

describe('googleSignInUrl', () => {
  it('sends the campaign and redirect to the BFF entry', () => {
    expect(googleSignInUrl('property_owner')).toBe('/api/auth/google?campaign=property_owner');
    expect(googleSignInUrl('share_link', '/share/Ab3x')).toBe('/api/auth/google?campaign=share_link&redirect=%2Fshare%2FAb3x');
  });
});
