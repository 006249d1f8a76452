import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from './base-api.js';
import { sessionSlice } from './session-slice.js';

const rootReducer = combineSlices(sessionSlice, baseApi);

export type RootState = ReturnType<typeof rootReducer>;

/** A factory rather than a singleton so each test, like each page load, starts from its own state. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
    ...(preloadedState ? { preloadedState } : {}),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
