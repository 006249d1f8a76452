import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { metadataSchema } from '../../metadata.js';
import { ClientIpSchema } from '../user.js';
import { isCleanText, rawText, textMessages } from '../../text.js';
import { CampaignSchema, CaptchaTokenSchema, EmailSchema, messages, NewPasswordSchema } from '../validation.js';

/** The sign-up form of the web app (spec 3.4), checked field by field with the product's messages (spec 5). */
export const SignUpBodySchema = z
  .object({
    full_name: z
      .string({ error: messages.nameRequired })
      .trim()
      .min(1, messages.nameRequired)
      .max(200, textMessages.tooLong('Name', 200))
      .refine((name) => isCleanText(name), textMessages.notAllowed('Name')),
    email: EmailSchema,
    password: NewPasswordSchema,
    confirm_password: rawText('Password', 200, { required: messages.confirmRequired }),
    has_accepted_terms: z.literal(true, { error: messages.termsRequired }),
    captchaToken: CaptchaTokenSchema,
    campaign: CampaignSchema,
    referral_metadata: metadataSchema().optional(),
    /**
     * Only a resident account is chosen at sign-up (the tenant invitation's "Create a resident account" link); managers
     * and owners choose their type in onboarding.
     */
    account_type: z.literal('resident', { error: 'Only a resident account can be chosen when signing up' }).optional(),
  })
  .refine((body) => body.password === body.confirm_password, { message: messages.passwordsDoNotMatch, path: ['confirm_password'] });
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

/**
 * Creates an account and sends the verification e-mail. With the bearer of an anonymous session the anonymous user
 * is upgraded in place: same id, so everything it created stays its own.
 */
export const SignUp = defineRpc({
  subject: 'pm.rpc.identity.user.sign-up.v1',
  request: z.object({ body: SignUpBodySchema, clientIp: ClientIpSchema }),
  response: z.object({ email: z.string() }),
  fixture: {
    request: {
      body: {
        full_name: 'Alex Morgan',
        email: 'alex@example.com',
        password: 'correct horse',
        confirm_password: 'correct horse',
        has_accepted_terms: true,
        campaign: 'property_owner',
      },
      clientIp: '127.0.0.1',
    },
    response: { email: 'alex@example.com' },
  },
});
