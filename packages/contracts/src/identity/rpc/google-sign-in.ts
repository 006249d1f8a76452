import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { SessionGrantSchema, sessionGrantFixture } from '../user.js';

/**
 * Starts the OpenID Connect code flow with Google (PKCE, state and nonce). The campaign and the web app's redirect
 * travel in the server-side state, so they survive the round trip without trusting the browser.
 */
export const StartGoogleSignIn = defineRpc({
  subject: 'pm.rpc.identity.oauth.google-start.v1',
  request: z.object({
    campaign: z.string().trim().min(1).max(100).optional(),
    redirect: z.string().max(2000).optional(),
    /** The BFF's callback URL the provider sends the browser back to. */
    callbackUrl: z.url(),
  }),
  response: z.object({ url: z.url() }),
  fixture: {
    request: { campaign: 'property_owner', callbackUrl: 'http://127.0.0.1:5173/api/auth/google/callback' },
    response: { url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x' },
  },
});

/** Completes the flow: exchanges the code, checks the ID token, signs the person in (or up, verified). */
export const CompleteGoogleSignIn = defineRpc({
  subject: 'pm.rpc.identity.oauth.google-callback.v1',
  request: z.object({
    code: z.string().max(2000).optional(),
    state: z.string().max(200),
    error: z.string().max(500).optional(),
    callbackUrl: z.url(),
  }),
  response: z.object({ session: SessionGrantSchema, redirect: z.string().nullable(), campaign: z.string().nullable() }),
  fixture: {
    request: { code: 'c', state: 's', callbackUrl: 'http://127.0.0.1:5173/api/auth/google/callback' },
    response: { session: sessionGrantFixture, redirect: null, campaign: 'property_owner' },
  },
});
