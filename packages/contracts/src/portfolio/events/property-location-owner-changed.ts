import { z } from 'zod';
import { defineEvent } from '../../define.js';

/**
 * A location moved to another owner: today only when an anonymous visitor signs in to an existing account
 * (identity's AnonymousUserLinked), so what they created stays theirs.
 */
export const PropertyLocationOwnerChanged = defineEvent({
  subject: 'pm.portfolio.property-location.owner-changed.v1',
  data: z.object({
    locationId: z.string().min(1),
    previousOwnerUserId: z.string().min(1),
    ownerUserId: z.string().min(1),
    accountId: z.string().min(1),
    reason: z.enum(['anonymous_user_linked']),
  }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    previousOwnerUserId: 'usr_anon_1',
    ownerUserId: 'usr_01HZX3',
    accountId: 'usr_01HZX3',
    reason: 'anonymous_user_linked',
  },
});
