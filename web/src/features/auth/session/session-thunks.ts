import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../../app/base-api.js';
import { refreshOutcomeOf, renewSession } from '../../../app/session-renewal.js';
import { sessionCleared, sessionRestoreFinished, sessionRestoreStarted, type SessionResponse } from '../../../app/session-slice.js';
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
