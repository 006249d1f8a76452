import { localKeys, readLocal } from '../../app/storage/local-keys.js';

/**
 * Spec 9: the campaign query parameter is propagated to login, signup and dashboard links. The campaign of the
 * current link wins; otherwise the one a campaign landing page stored.
 */
export function withCampaign(path: string, search: URLSearchParams): string {
  const campaign = search.get('campaign') ?? readLocal(localKeys.campaign);
  if (!campaign) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}campaign=${encodeURIComponent(campaign)}`;
}
