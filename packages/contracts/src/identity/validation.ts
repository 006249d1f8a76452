import { z } from 'zod';
import { isCleanText, isEmailAddress, normalisePhone, rawText, requiredLine, textMessages, textPattern, withPattern, withTrimmedPattern } from '../text.js';
import { identityMessages, MIN_PASSWORD_LENGTH } from './messages.js';

/*
 * The product's validation messages (spec section 5), word for word. They live in the contracts so the BFF refuses
 * a bad body with the same message the service would, and the service never trusts that the BFF did.
 */

export const EmailSchema = withTrimmedPattern(
  z
  .string({ error: identityMessages.emailRequired })
  .trim()
  .min(1, identityMessages.emailRequired)
  .max(254, textMessages.tooLong('Email', 254))
  .refine(isEmailAddress, identityMessages.emailInvalid)
  .transform((email) => email.toLowerCase()),
  ...textPattern.email,
);

/** Sign-up and reset: required, then at least 8 characters. */
export const NewPasswordSchema = z
  .string({ error: identityMessages.passwordRequired })
  .min(1, identityMessages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, identityMessages.accountPasswordTooShort)
  .max(200, textMessages.tooLong('Password', 200))
  .refine((password) => isCleanText(password), textMessages.notAllowed('Password'));

/** Log-in: required, no length rule (old accounts may predate the rule). */
export const LoginPasswordSchema = z
  .string({ error: identityMessages.passwordRequired })
  .min(1, identityMessages.passwordRequired)
  .max(200, textMessages.tooLong('Password', 200))
  .refine((password) => isCleanText(password), textMessages.notAllowed('Password'));

export const CaptchaTokenSchema = rawText('Captcha Token', 4096, { required: identityMessages.captchaRequired }).optional();

/** A link's or a session's token as sent back to us: never trimmed, bounded, no control characters. */
export const TokenSchema = rawText('Token', 200);

/** Account settings' name: one line of at most 200 characters (the shared text rules). */
export const FullNameSchema = requiredLine('Full Name', 200, { required: identityMessages.fullNameRequired });

/**
 * Account settings' phone: a US number as the tenant's phone is (10 digits once "(", ")", spaces and dashes are
 * removed, a leading +1 accepted), kept in the display format "(555) 123-4567".
 */
export const PhoneSchema = withPattern(
  requiredLine('Phone Number', 40, { required: identityMessages.phoneRequired }).transform((value, ctx) => {
    const digits = normalisePhone(value);
    if (!digits) {
      ctx.issues.push({ code: 'custom', message: textMessages.invalidPhone, input: value });
      return z.NEVER;
    }
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }),
  textPattern.phone,
);

/** A password as typed (never trimmed): bounded, no control characters. */
export const PasswordFieldSchema = rawText('Password', 200);

/** A campaign a link or the sign-up form names (`property_owner`, `share_link`): one line, optional. */
export const CampaignSchema = requiredLine('Campaign', 100).optional();

/** The name services and the BFF have always used for identity's messages. */
export const messages = identityMessages;
