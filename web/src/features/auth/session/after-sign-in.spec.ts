import { aUser, jsonResponse, stubBff } from '../../../../test/bff-stub.js';
import { localKeys, readLocal, readPendingReferral, savePendingReferral, writeLocal } from '../../../app/storage/local-keys.js';
import { createAppStore } from '../../../app/store.js';
import { afterSignIn } from './after-sign-in.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => {
  bff.restore();
  localStorage.clear();
});

const noStoredReferral = { 'GET user/referral': () => jsonResponse(null) };

describe('afterSignIn (spec 4.1, 4.3)', () => {
  it('goes to the origin the guard remembered, else the property dashboard', async () => {
    bff = stubBff(noStoredReferral);
    const store = createAppStore();
    expect(await store.dispatch(afterSignIn(aUser(), { from: '/property-manager/account/profile' }))).toBe('/property-manager/account/profile');
    expect(await store.dispatch(afterSignIn(aUser()))).toBe('/property-manager/dashboard');
    expect(await store.dispatch(afterSignIn(aUser(), { from: '//evil.example/x' }))).toBe('/property-manager/dashboard');
  });

  it('lands a home owner on their portal and a resident on theirs', async () => {
    bff = stubBff({ ...noStoredReferral, 'POST auth/resident-login': () => jsonResponse({}) });
    const store = createAppStore();
    expect(await store.dispatch(afterSignIn(aUser({ account_type: 'home_owner' })))).toBe('/dashboard');
    expect(await store.dispatch(afterSignIn(aUser({ account_type: 'resident' })))).toBe('/resident/dashboard');
  });

  it('follows a saved share redirect when no referral is pending, once', async () => {
    bff = stubBff(noStoredReferral);
    writeLocal(localKeys.shareRedirect, '/share/Ab3x');
    const store = createAppStore();
    expect(await store.dispatch(afterSignIn(aUser()))).toBe('/share/Ab3x');
    expect(readLocal(localKeys.shareRedirect)).toBeNull();
  });

  it('discards a saved redirect that is not a share link', async () => {
    bff = stubBff(noStoredReferral);
    writeLocal(localKeys.shareRedirect, '/property-manager/rules');
    expect(await createAppStore().dispatch(afterSignIn(aUser()))).toBe('/property-manager/dashboard');
    expect(readLocal(localKeys.shareRedirect)).toBeNull();
  });

  it('submits the pending referral, discards the share redirect and defers the referral URL until after onboarding', async () => {
    bff = stubBff({
      'POST user/referral': () => jsonResponse(null, 201),
      'GET user/referral': () => jsonResponse({ id: 'r-1', referral_url: '/share/Ab3x', is_redirected: false }),
      'POST user/referral/complete': () => jsonResponse(null, 204),
    });
    const referral = { referralType: 'community', referralId: 'c-1', referralUrl: '/share/Ab3x', referralMetadata: { campaign: 'share_link' } };
    savePendingReferral(referral);
    writeLocal(localKeys.shareRedirect, '/share/Ab3x');

    const destination = await createAppStore().dispatch(afterSignIn(aUser({ account_type: null })));

    expect(bff.callsTo('POST', 'user/referral')[0]!.body).toEqual(referral);
    expect(readPendingReferral()).toBeNull();
    expect(bff.callsTo('POST', 'user/referral/complete')).toHaveLength(1);
    expect(readLocal(localKeys.postOnboardingRedirect)).toBe('/share/Ab3x');
    expect(destination).toBe('/onboarding');
  });

  it('sends an onboarded user with a stored referral not yet redirected to its URL, marking it redirected', async () => {
    bff = stubBff({
      'GET user/referral': () => jsonResponse({ id: 'r-1', referral_url: '/share/Zz9', is_redirected: false }),
      'POST user/referral/complete': () => jsonResponse(null, 204),
    });
    expect(await createAppStore().dispatch(afterSignIn(aUser()))).toBe('/share/Zz9');
    expect(bff.callsTo('POST', 'user/referral/complete')).toHaveLength(1);
  });

  it('keeps a pending referral whose submission failed for the next sign-in', async () => {
    bff = stubBff({ 'POST user/referral': () => jsonResponse({ statusCode: 500, message: 'boom' }, 500), ...noStoredReferral });
    savePendingReferral({ referralType: 'community', referralId: 'c-1', referralUrl: '', referralMetadata: {} });
    await createAppStore().dispatch(afterSignIn(aUser()));
    expect(readPendingReferral()).not.toBeNull();
  });

  it('records a resident login and reports its failure', async () => {
    bff = stubBff({ 'POST auth/resident-login': () => jsonResponse({ statusCode: 500, message: 'boom' }, 500), ...noStoredReferral });
    const failures: string[] = [];
    const destination = await createAppStore().dispatch(afterSignIn(aUser({ account_type: 'resident' }), { onResidentLoginFailed: () => failures.push('failed') }));
    expect(bff.callsTo('POST', 'auth/resident-login')).toHaveLength(1);
    expect(failures).toEqual(['failed']);
    expect(destination).toBe('/resident/dashboard');
  });

  it('applies the pending OAuth campaign once when the user has none', async () => {
    bff = stubBff({ 'PUT user/account-type': (_request, body) => jsonResponse({ ...aUser(), ...(body as object) }), ...noStoredReferral });
    writeLocal(localKeys.pendingOAuthCampaign, 'share_link');
    await createAppStore().dispatch(afterSignIn(aUser({ campaign: null, account_type: null })));
    expect(bff.callsTo('PUT', 'user/account-type')[0]!.body).toEqual({ account_type: 'property_manager', campaign: 'share_link' });
    expect(readLocal(localKeys.pendingOAuthCampaign)).toBeNull();
  });
});
