import { useEffect } from 'react';
import { selectSessionExpiresAt } from '../../../app/session-slice.js';
import { useAppDispatch } from '../../../app/useAppDispatch.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { renewIfExpiring } from './session-thunks.js';

/** How long before expiry the access token is renewed: long enough for a slow network, short against 15 min. */
export const REFRESH_AHEAD_MS = 60_000;
const MIN_DELAY_MS = 5_000;

/** Renews the access token before it expires, for as long as the page has a session. Renders nothing. */
export function SessionKeeper() {
  const dispatch = useAppDispatch();
  const expiresAt = useAppSelector(selectSessionExpiresAt);

  useEffect(() => {
    if (expiresAt === null) return;
    const delay = Math.max(expiresAt - Date.now() - REFRESH_AHEAD_MS, MIN_DELAY_MS);
    // Checked again when due: a session adopted from another tab meanwhile needs nothing (see renewIfExpiring).
    const timer = setTimeout(() => void dispatch(renewIfExpiring(REFRESH_AHEAD_MS + MIN_DELAY_MS)), delay);
    return () => clearTimeout(timer);
  }, [expiresAt, dispatch]);

  return null;
}
