import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { rawText } from '../../text.js';
import { ClientIpSchema, SessionGrantSchema, sessionGrantFixture } from '../user.js';
import { CaptchaTokenSchema, EmailSchema, LoginPasswordSchema, TokenSchema } from '../validation.js';

export const SignInBodySchema = z.object({ email: EmailSchema, password: LoginPasswordSchema, captchaToken: CaptchaTokenSchema });

/**
 * Password sign-in. Wrong password and unknown e-mail answer alike (400 "Invalid login credentials"); an unverified
 * address answers 403 "Email not confirmed". With an anonymous bearer, the anonymous user's data is linked over.
 */
export const SignIn = defineRpc({
  subject: 'pm.rpc.identity.session.sign-in.v1',
  request: z.object({ body: SignInBodySchema, clientIp: ClientIpSchema }),
  response: SessionGrantSchema,
  fixture: { request: { body: { email: 'alex@example.com', password: 'secret' }, clientIp: '127.0.0.1' }, response: sessionGrantFixture },
});

export const SignInAnonymously = defineRpc({
  subject: 'pm.rpc.identity.session.anonymous.v1',
  request: z.object({ body: z.object({ captchaToken: CaptchaTokenSchema }), clientIp: ClientIpSchema }),
  response: SessionGrantSchema,
  fixture: { request: { body: {}, clientIp: '127.0.0.1' }, response: { ...sessionGrantFixture, user: { ...sessionGrantFixture.user, is_anonymous: true } } },
});

/** Trades a refresh token for a new access token and a new refresh token; reusing a spent one revokes its family. */
export const RefreshSession = defineRpc({
  subject: 'pm.rpc.identity.session.refresh.v1',
  request: z.object({ refresh_token: rawText('Refresh token', 200, { required: 'Refresh token is required' }) }),
  response: SessionGrantSchema,
  fixture: { request: { refresh_token: 'rt_opaque' }, response: sessionGrantFixture },
});

export const SignOut = defineRpc({
  subject: 'pm.rpc.identity.session.sign-out.v1',
  request: z.object({ refresh_token: TokenSchema.optional() }),
  response: z.object({ ok: z.literal(true) }),
  fixture: { request: { refresh_token: 'rt_opaque' }, response: { ok: true } },
});
