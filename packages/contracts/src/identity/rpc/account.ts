import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { AccountTypeSchema } from '../events/user-registered.js';
import { UserSchema, userFixture } from '../user.js';
import { rawText } from '../../text.js';
import { CampaignSchema, FullNameSchema, PasswordFieldSchema, PhoneSchema } from '../validation.js';
import { identityMessages } from '../messages.js';

/** All of these act on the caller: the user id comes from the verified token, never from the payload. */

export const GetCurrentUser = defineRpc({
  subject: 'pm.rpc.identity.user.get-current.v1',
  http: { method: 'GET', path: 'user/me' },
  request: z.object({}),
  response: UserSchema,
  fixture: { request: {}, response: userFixture },
});

export const UpdateFullName = defineRpc({
  subject: 'pm.rpc.identity.user.update-full-name.v1',
  http: { method: 'PUT', path: 'user/full_name' },
  errors: { 400: [identityMessages.fullNameRequired, 'Full Name must be at most 200 characters', 'Full Name contains characters that are not allowed'] },
  request: z.object({ full_name: FullNameSchema }),
  response: UserSchema,
  fixture: { request: { full_name: 'Alex Morgan' }, response: userFixture },
});

export const UpdatePhone = defineRpc({
  subject: 'pm.rpc.identity.user.update-phone.v1',
  http: { method: 'PUT', path: 'user/phone' },
  errors: { 400: [identityMessages.phoneRequired, 'Phone number must be in format (999) 999-9999'] },
  request: z.object({ phone: PhoneSchema }),
  response: UserSchema,
  fixture: { request: { phone: '(555) 123-4567' }, response: userFixture },
});

/**
 * New password from the account page or from the reset-password page (a recovery session). The two pages word the
 * empty-field messages differently (spec 5), so the schema stays loose on emptiness and the service picks the
 * message by the kind of session. The account page must prove the current password (a stolen access token alone
 * must not take the account over); a recovery session has proven the mailbox instead and sends none. An account
 * without a password (Google sign-in only) sets its first one through recovery, for the same reason.
 */
export const ChangePassword = defineRpc({
  subject: 'pm.rpc.identity.user.change-password.v1',
  http: { method: 'PUT', path: 'user/password', status: 204 },
  errors: { 400: [identityMessages.accountPasswordTooShort, identityMessages.passwordsDoNotMatch, identityMessages.currentPasswordRequired, identityMessages.currentPasswordIncorrect, identityMessages.noPasswordYet], 429: identityMessages.tooManyRequests },
  request: z.object({
    current_password: PasswordFieldSchema.optional(),
    password: PasswordFieldSchema.default(''),
    confirm_password: PasswordFieldSchema.default(''),
    /** The caller's own refresh token, whose family survives; every other family is revoked. */
    refresh_token: rawText('Refresh token', 200).optional(),
  }),
  response: z.object({ ok: z.literal(true) }),
  fixture: { request: { current_password: 'the old password', password: 'a new password', confirm_password: 'a new password' }, response: { ok: true } },
});

export const SetAccountType = defineRpc({
  subject: 'pm.rpc.identity.user.set-account-type.v1',
  http: { method: 'PUT', path: 'user/account-type' },
  request: z.object({ account_type: AccountTypeSchema, campaign: CampaignSchema }),
  response: UserSchema,
  fixture: { request: { account_type: 'property_manager', campaign: 'property_owner' }, response: userFixture },
});

export const RecordResidentLogin = defineRpc({
  subject: 'pm.rpc.identity.user.resident-login.v1',
  request: z.object({}),
  response: z.object({ ok: z.literal(true) }),
  fixture: { request: {}, response: { ok: true } },
});

