import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { ClientIpSchema } from '../user.js';
import { EmailSchema, TokenSchema } from '../validation.js';

/** Sends the sign-up verification e-mail again (rate-limited; silent about unknown or verified addresses). */
export const ResendVerification = defineRpc({
  subject: 'pm.rpc.identity.user.resend-verification.v1',
  request: z.object({ body: z.object({ email: EmailSchema }), clientIp: ClientIpSchema }),
  response: z.object({ sent: z.literal(true) }),
  fixture: { request: { body: { email: 'alex@example.com' }, clientIp: '127.0.0.1' }, response: { sent: true } },
});

export const VerificationOutcomeSchema = z.enum(['verified', 'expired', 'used', 'invalid']);
export type VerificationOutcome = z.infer<typeof VerificationOutcomeSchema>;

/** Consumes the link of a verification e-mail: single use, 24 hours. The outcome decides where the browser goes. */
export const VerifyEmail = defineRpc({
  subject: 'pm.rpc.identity.user.verify-email.v1',
  request: z.object({ token: TokenSchema }),
  response: z.object({ outcome: VerificationOutcomeSchema }),
  fixture: { request: { token: 'abc' }, response: { outcome: 'verified' } },
});
