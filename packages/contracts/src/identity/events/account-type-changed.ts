import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { AccountTypeSchema } from './user-registered.js';

/** A user's account type (and campaign) was set, e.g. by onboarding's auto-select; read models of roles follow it. */
export const AccountTypeChanged = defineEvent({
  subject: 'pm.identity.user.account-type-changed.v1',
  data: z.object({
    userId: z.string().min(1),
    accountType: AccountTypeSchema,
    previousAccountType: AccountTypeSchema.nullable(),
    campaign: z.string().min(1).nullable(),
  }),
  fixture: { userId: 'usr_01HZX3', accountType: 'property_manager', previousAccountType: null, campaign: 'property_owner' },
});
