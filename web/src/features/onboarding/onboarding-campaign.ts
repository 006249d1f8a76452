import { localKeys, readLocal } from '../../app/storage/local-keys.js';

/**
 * The campaign the onboarding carries forward: the query parameter first (the link the user followed), then the
 * campaign value stored when they landed on a campaign page, then the one already on their account.
 */
export function onboardingCampaign(searchParams: URLSearchParams, userCampaign: string | null | undefined): string | undefined {
  return searchParams.get('campaign') || readLocal(localKeys.campaign) || userCampaign || undefined;
}
