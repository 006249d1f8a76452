import { useSearchParams } from 'react-router';
import { selectIsRegistered } from '../../app/session-slice.js';
import { localKeys, readLocal, readPendingReferral } from '../../app/storage/local-keys.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { useGetReferralQuery } from '../../app/generated/identity-api.js';
import { safeReturnUrl, type SkipSources } from './skip-target.js';

/**
 * The skip sources of the current visit. The referral URL is the pending one (not yet submitted) or the stored
 * referral the server has not redirected to yet (spec 000 4.3).
 */
export function useSkipSources(): SkipSources & { storedReferralPending: boolean } {
  const [searchParams] = useSearchParams();
  const isRegistered = useAppSelector(selectIsRegistered);
  const { data: storedReferral } = useGetReferralQuery(undefined, { skip: !isRegistered });
  const pendingReferral = readPendingReferral();
  const storedReferralUrl = storedReferral && !storedReferral.is_redirected ? storedReferral.referral_url : null;

  return {
    returnUrl: safeReturnUrl(searchParams.get('returnUrl')),
    referralUrl: pendingReferral?.referralUrl || storedReferralUrl || null,
    postOnboardingRedirect: readLocal(localKeys.postOnboardingRedirect),
    shareRedirect: readLocal(localKeys.shareRedirect),
    storedReferralPending: Boolean(storedReferralUrl),
  };
}
