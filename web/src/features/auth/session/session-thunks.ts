import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../../app/base-api.js';
import {
  sessionCleared,
  sessionFromResponse,
  sessionRestoreFinished,
  sessionRestoreStarted,
  type SessionResponse,
} from '../../../app/session-slice.js';
import type { RootState } from '../../../app/store.js';
import { authApi } from '../api.js';

type SessionThunk<Result> = ThunkAction<Result, RootState, unknown, UnknownAction>;

// The refresh token rotates on every use and a reused one revokes the whole family (API contract), so two
// concurrent refreshes from one page (StrictMode effects, a timer racing a retry) would sign the user out.
// One refresh is in flight per store; everyone else waits for it.
const refreshInFlight = new WeakMap<object, Promise<SessionResponse | null>>();

/** POST auth/refresh with the cookie: starts the refreshed session, or clears it when the server says no. */
export function refreshSession(): SessionThunk<Promise<SessionResponse | null>> {
  return (dispatch) => {
    const pending = refreshInFlight.get(dispatch);
    if (pending) return pending;
    const refresh = (async () => {
      const result = await dispatch(authApi.endpoints.refreshSession.initiate(undefined, { track: false }));
      if ('data' in result && result.data) {
        dispatch(sessionFromResponse(result.data));
        return result.data;
      }
      const status = 'error' in result && result.error && 'status' in result.error ? result.error.status : undefined;
      // Only a refusal ends the session; a network blip leaves the current token to expire on its own.
      if (status === 401 || status === 403) dispatch(sessionCleared());
      return null;
    })().finally(() => refreshInFlight.delete(dispatch));
    refreshInFlight.set(dispatch, refresh);
    return refresh;
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

/** Ends the session at the BFF (revoking the refresh family) and forgets every cached answer of this user. */
export function signOut(): SessionThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await dispatch(authApi.endpoints.signOut.initiate(undefined, { track: false }));
    } finally {
      dispatch(sessionCleared());
      dispatch(baseApi.util.resetApiState());
    }
  };
}
