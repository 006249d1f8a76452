import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { ClientIpSchema, SessionGrantSchema, sessionGrantFixture } from '../user.js';
import { CaptchaTokenSchema, EmailSchema, TokenSchema } from '../validation.js';

/** Always answers "sent": whether an account exists is never revealed. The e-mail goes only to existing accounts. */
export const ForgotPassword = defineRpc({
  subject: 'pm.rpc.identity.password.forgot.v1',
  request: z.object({ body: z.object({ email: EmailSchema, captchaToken: CaptchaTokenSchema }), clientIp: ClientIpSchema }),
  response: z.object({ sent: z.literal(true) }),
  fixture: { request: { body: { email: 'alex@example.com' }, clientIp: '127.0.0.1' }, response: { sent: true } },
});

/**
 * Consumes a recovery link (single use, one hour) and opens a recovery session, in which the reset-password page
 * sets the new password through PUT user/password.
 */
export const RecoverPassword = defineRpc({
  subject: 'pm.rpc.identity.password.recover.v1',
  request: z.object({ token: TokenSchema }),
  response: z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('recovered'), session: SessionGrantSchema }),
    z.object({ outcome: z.enum(['expired', 'used', 'invalid']) }),
  ]),
  fixture: { request: { token: 'abc' }, response: { outcome: 'recovered', session: sessionGrantFixture } },
});
