import { z } from 'zod';
import { rawText } from '../text.js';
import { AccountTypeSchema } from './events/user-registered.js';

/** The person as the web app sees them (GET user/me, and inside every session). */
export const UserSchema = z.object({
  id: z.string().min(1),
  is_anonymous: z.boolean(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  account_type: AccountTypeSchema.nullable(),
  campaign: z.string().nullable(),
  email_verified: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const userFixture: User = {
  id: 'usr_01HZX3',
  is_anonymous: false,
  full_name: 'Alex Morgan',
  phone: null,
  email: 'alex@example.com',
  account_type: 'property_manager',
  campaign: 'property_owner',
  email_verified: true,
};

/**
 * What identity hands the BFF when a session starts or is refreshed: the short-lived access token for the browser's
 * memory and the opaque refresh token the BFF puts in the httpOnly cookie (it never reaches page scripts).
 */
export const SessionGrantSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number().int().positive(),
  user: UserSchema,
});
export type SessionGrant = z.infer<typeof SessionGrantSchema>;

export const sessionGrantFixture: SessionGrant = {
  access_token: 'eyJhbGciOiJFZERTQSJ9.e30.sig',
  expires_in: 900,
  refresh_token: 'rt_opaque',
  refresh_expires_in: 2_592_000,
  user: userFixture,
};

/** The caller's address as the BFF saw it, for the per-IP rate limits. */
export const ClientIpSchema = rawText('Client IP', 100, { required: 'Client IP is required' });
