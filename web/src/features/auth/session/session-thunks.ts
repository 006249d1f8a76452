import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../../app/base-api.js';
import { refreshOutcomeOf, renewalSettled, renewSession } from '../../../app/session-renewal.js';
import { selectSessionExpiresAt, sessionCleared, sessionRestoreFinished, sessionRestoreStarted, type SessionResponse } from '../../../app/session-slice.js';
import type { RootState } from '../../../app/store.js';
import { authApi } from '../api.js';

type SessionThunk<Result> = ThunkAction<Result, RootState, unknown, UnknownAction>;

/**
 * POST auth/refresh with the cookie: starts the refreshed session, or clears it when the server says no. One refresh
 * at a time in the page and across the browser's tabs (app/session-renewal.ts); a tab that got a session from
 * another meanwhile answers with it.
 */
export function refreshSession(): SessionThunk<Promise<SessionResponse | null>> {
  return (dispatch) =>
    renewSession(dispatch, async () =>
      refreshOutcomeOf(await dispatch(authApi.endpoints.refreshSession.initiate(undefined, { track: false }))),
    );
}

/**
 * The session keeper's renewal: a refresh only while the page's token still expires within `withinMs`. The keeper's
 * timer can fire after the page adopted the session another tab renewed and before React cancelled the timer (the
 * adoption is a store update; the cancel, an effect of the render after it): the token is fresh then, and a refresh
 * would only rotate the cookie a second time.
 */
export function renewIfExpiring(withinMs: number): SessionThunk<Promise<SessionResponse | null>> {
  return async (dispatch, getState) => {
    const expiresAt = selectSessionExpiresAt(getState());
    if (expiresAt === null || expiresAt - Date.now() > withinMs) return null;
    return dispatch(refreshSession());
  };
}

/** On page load: the guard shows a spinner until the cookie has been tried. */
export function restoreSession(): SessionThunk<Promise<SessionResponse | null>> {
  return async (dispatch) => {
    dispatch(sessionRestoreStarted());
    try {
      return await dispatch(refreshSession());
    } finally {
      dispatch(sessionRestoreFinished());
    }
  };
}

/**
 * Ends the session at the BFF (revoking the refresh family) and forgets every cached answer of this user. A renewal in
 * flight (opening /logout restores the session first) ends before: its answer would otherwise bring the session back.
 */
export function signOut(): SessionThunk<Promise<void>> {
  return async (dispatch) => {
    await renewalSettled(dispatch);
    try {
      await dispatch(authApi.endpoints.signOut.initiate(undefined, { track: false }));
    } finally {
      dispatch(sessionCleared());
      dispatch(baseApi.util.resetApiState());
    }
  };
}
