import { baseApi } from './base-api.js';
import type { SessionResponse } from './session-slice.js';

/**
 * An anonymous session (spec 000 §4.4: started when a visitor of the chat's unauthenticated experience picks their
 * address). The BFF's own auth route, so its URL is written here; the answer goes into the session slice like every
 * sign-in's. The BFF keeps the refresh token in its cookie, so a reload keeps the visitor's chat.
 */
export const anonymousSessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startAnonymousSession: build.mutation<SessionResponse, { captchaToken?: string }>({
      query: (body) => ({ url: 'auth/anonymous', method: 'POST', body }),
    }),
  }),
});

export const { useStartAnonymousSessionMutation } = anonymousSessionApi;
