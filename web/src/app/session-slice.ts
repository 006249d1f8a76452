import type { SessionGrant, User } from '@pm/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The BFF's `User`, as its contract defines it (GET user/me, and inside every session). */
export type SessionUser = User;
export type AccountType = NonNullable<User['account_type']>;

/** What sign-in, refresh and anonymous sign-in answer: the session grant without the refresh token, which the BFF keeps in its httpOnly cookie. */
export type SessionResponse = Omit<SessionGrant, 'refresh_token' | 'refresh_expires_in'>;

export interface SessionState {
  /**
   * Bearer token for the BFF, in memory only: a reload restores it from the httpOnly refresh cookie, so script
   * on the page never sees a long-lived credential.
   */
  accessToken: string | null;
  /** Epoch milliseconds at which the access token expires; the session keeper refreshes ahead of it. */
  expiresAt: number | null;
  user: SessionUser | null;
  /** True while the session is being restored on load; the guard waits instead of sending the visitor to login. */
  restoring: boolean;
}

const initialState: SessionState = { accessToken: null, expiresAt: null, user: null, restoring: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** `expiresAt`, when given, is when the token expires (a session another tab got); else now + `expiresIn`. */
    sessionStarted(state, action: PayloadAction<{ accessToken: string; expiresIn?: number; expiresAt?: number; user?: SessionUser | null }>) {
      const { accessToken, expiresIn, expiresAt, user } = action.payload;
      state.accessToken = accessToken;
      state.expiresAt = expiresAt ?? (expiresIn === undefined ? null : Date.now() + expiresIn * 1000);
      state.user = user ?? null;
      state.restoring = false;
    },
    sessionUserUpdated(state, action: PayloadAction<SessionUser>) {
      if (state.user?.id === action.payload.id || state.user === null) state.user = action.payload;
    },
    sessionRestoreStarted(state) {
      state.restoring = true;
    },
    sessionRestoreFinished(state) {
      state.restoring = false;
    },
    sessionCleared() {
      return initialState;
    },
  },
  selectors: {
    selectAccessToken: (state) => state.accessToken,
    selectSessionExpiresAt: (state) => state.expiresAt,
    /** Any session at all, anonymous included. */
    selectIsSignedIn: (state) => state.accessToken !== null,
    selectIsAnonymous: (state) => state.accessToken !== null && state.user?.is_anonymous === true,
    /** A registered (non-anonymous) user. */
    selectIsRegistered: (state) => state.accessToken !== null && state.user?.is_anonymous !== true,
    selectSessionUser: (state) => state.user,
    selectIsRestoringSession: (state) => state.restoring,
  },
});

/**
 * Turns the BFF's answer into the slice's action; every sign-in path goes through here. `expiresAt`: for a session
 * another tab received, when it expires by that tab's reckoning (see session-renewal.ts).
 */
export function sessionFromResponse(response: SessionResponse, expiresAt?: number) {
  return sessionStarted({ accessToken: response.access_token, expiresIn: response.expires_in, ...(expiresAt === undefined ? {} : { expiresAt }), user: response.user });
}

export const { sessionStarted, sessionUserUpdated, sessionRestoreStarted, sessionRestoreFinished, sessionCleared } = sessionSlice.actions;
export const {
  selectAccessToken,
  selectSessionExpiresAt,
  selectIsSignedIn,
  selectIsAnonymous,
  selectIsRegistered,
  selectSessionUser,
  selectIsRestoringSession,
} = sessionSlice.selectors;
