import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SessionState {
  /** Bearer token for the BFF. Kept in memory only until the sign-in work decides where it may persist. */
  accessToken: string | null;
}

const initialState: SessionState = { accessToken: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<{ accessToken: string }>) {
      state.accessToken = action.payload.accessToken;
    },
    sessionCleared() {
      return initialState;
    },
  },
  selectors: {
    selectAccessToken: (state) => state.accessToken,
    selectIsSignedIn: (state) => state.accessToken !== null,
  },
});

export const { sessionStarted, sessionCleared } = sessionSlice.actions;
export const { selectAccessToken, selectIsSignedIn } = sessionSlice.selectors;
