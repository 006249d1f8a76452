import { Button } from 'antd';
import { localKeys, writeLocal } from '../../app/storage/local-keys.js';
import { googleSignInUrl } from './auth-query.js';

const goTo = (url: string) => window.location.assign(url);

/**
 * Starts the Google round trip at the BFF. The campaign travels in the OAuth state and is also kept locally
 * (spec 4.1), so the login page can apply it when the provider sends the user back.
 */
export function GoogleButton({ label, campaign, redirect, navigate = goTo }: { label: string; campaign: string; redirect?: string | null; navigate?: (url: string) => void }) {
  return (
    <Button
      block
      onClick={() => {
        writeLocal(localKeys.pendingOAuthCampaign, campaign);
        navigate(googleSignInUrl(campaign, redirect));
      }}
    >
      {label}
    </Button>
  );
}
