import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { isCleanText, rawText } from '../../text.js';
import { SessionGrantSchema, sessionGrantFixture } from '../user.js';
import { CampaignSchema } from '../validation.js';

/** The BFF's callback URL the provider sends the browser back to. */
const CallbackUrlSchema = z
  .url({ error: 'Invalid callback URL' })
  .max(2000, 'Invalid callback URL')
  .refine((url) => isCleanText(url), 'Invalid callback URL');

/**
 * Starts the OpenID Connect code flow with Google (PKCE, state and nonce). The campaign and the web app's redirect
 * travel in the server-side state, so they survive the round trip without trusting the browser.
 */
export const StartGoogleSignIn = defineRpc({
  subject: 'pm.rpc.identity.oauth.google-start.v1',
  request: z.object({
    campaign: CampaignSchema,
    redirect: rawText('Redirect', 2000).optional(),
    callbackUrl: CallbackUrlSchema,
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
    code: rawText('Code', 2000).optional(),
    state: rawText('State', 200),
    error: rawText('Error', 500).optional(),
    callbackUrl: CallbackUrlSchema,
  }),
  response: z.object({ session: SessionGrantSchema, redirect: z.string().nullable(), campaign: z.string().nullable() }),
  fixture: {
    request: { code: 'c', state: 's', callbackUrl: 'http://127.0.0.1:5173/api/auth/google/callback' },
    response: { session: sessionGrantFixture, redirect: null, campaign: 'property_owner' },
  },
});
