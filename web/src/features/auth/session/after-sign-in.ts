import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { sessionUserUpdated, type SessionUser } from '../../../app/session-slice.js';
import {
  localKeys,
  readPendingReferral,
  removeLocal,
  takeLocal,
  writeLocal,
} from '../../../app/storage/local-keys.js';
import type { RootState } from '../../../app/store.js';
import { identityApi } from '../../../app/generated/identity-api.js';
import { authApi } from '../api.js';
import { returnLink, sitePath } from './return-path.js';
import { overviewPathOf } from '../../../app/access/app-access-rules.js';

type Thunk<Result> = ThunkAction<Result, RootState, unknown, UnknownAction>;

/**
 * Where a signed-in user lands when nothing else asks for a place: their overview (a resident's portal, a home owner's,
 * the manager area), or onboarding before it has set an account type. Not the special host's documents: signing in
 * there lands where it would anywhere else.
 */
export function homeOf(user: SessionUser): string {
  if (user.account_type === null) return '/onboarding';
  return overviewPathOf(user.account_type, false);
}


export interface AfterSignInOptions {
  /** The protected path the guard sent the visitor away from. */
  from?: string | null;
  /** A failed resident-login call (spec 8: "Failed to login."). */
  onResidentLoginFailed?: () => void;
}

/**
 * What happens between a successful sign-in (password or Google) and the first screen (spec 4.1, 4.3):
 * the resident login hook, the pending OAuth campaign, the pending referral, the saved share redirect and the
 * stored referral. Returns the path to go to.
 */
export function afterSignIn(user: SessionUser, { from, onResidentLoginFailed }: AfterSignInOptions = {}): Thunk<Promise<string>> {
  return async (dispatch) => {
    if (user.account_type === 'resident') {
      const login = await dispatch(authApi.endpoints.recordResidentLogin.initiate(undefined, { track: false }));
      if ('error' in login) onResidentLoginFailed?.();
    }

    // Kept locally across the Google round trip; stored in the user's record once, then cleared.
    const oauthCampaign = takeLocal(localKeys.pendingOAuthCampaign);
    if (oauthCampaign && user.campaign === null) {
      const updated = await dispatch(
        identityApi.endpoints.setAccountType.initiate({ account_type: user.account_type ?? 'property_manager', campaign: oauthCampaign }, { track: false }),
      );
      if ('data' in updated && updated.data) dispatch(sessionUserUpdated(updated.data));
    }

    const pending = readPendingReferral();
    if (pending) {
      const submitted = await dispatch(identityApi.endpoints.createReferral.initiate(pending, { track: false }));
      // Kept for the next sign-in when the call failed, so the referral is not lost.
      if (!('error' in submitted)) removeLocal(localKeys.pendingReferral);
    }

    // Spec 4.1: a saved share redirect is followed if it is a share link and no referral is pending; a partner
    // invitation the visitor signed up from is followed the same way, after they verified their address.
    const shareRedirect = returnLink(takeLocal(localKeys.shareRedirect));
    if (shareRedirect && !pending) return shareRedirect;

    // Spec 4.3: a stored referral not yet redirected is marked redirected, then followed (after onboarding).
    const stored = await dispatch(identityApi.endpoints.getReferral.initiate(undefined, { forceRefetch: true, subscribe: false }));
    const referralUrl = sitePath(stored.data?.referral_url);
    if (stored.data && !stored.data.is_redirected && referralUrl) {
      await dispatch(identityApi.endpoints.completeReferral.initiate(undefined, { track: false }));
      if (user.account_type === null) {
        writeLocal(localKeys.postOnboardingRedirect, referralUrl);
        return homeOf(user);
      }
      return referralUrl;
    }

    return sitePath(from) ?? homeOf(user);
  };
}
