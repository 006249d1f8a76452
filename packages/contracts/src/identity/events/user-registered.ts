import { z } from 'zod';
import { defineEvent } from '../../define.js';

export const AccountTypeSchema = z.enum(['property_manager', 'home_owner', 'resident'], { error: 'Invalid account type' });
export type AccountType = z.infer<typeof AccountTypeSchema>;

/**
 * A person completed sign-up (e-mail or Google), or an anonymous session was upgraded to a full account in place
 * (then `userId` is the anonymous user's id, unchanged).
 */
export const UserRegistered = defineEvent({
  subject: 'pm.identity.user.registered.v1',
  data: z.object({
    userId: z.string().min(1),
    email: z.email(),
    fullName: z.string().min(1),
    accountType: AccountTypeSchema.nullable(),
    campaign: z.string().min(1).nullable(),
    upgradedFromAnonymous: z.boolean(),
    method: z.enum(['password', 'google']),
  }),
  fixture: {
    userId: 'usr_01HZX3',
    email: 'alex@example.com',
    fullName: 'Alex Morgan',
    accountType: null,
    campaign: 'property_owner',
    upgradedFromAnonymous: false,
    method: 'password',
  },
});
