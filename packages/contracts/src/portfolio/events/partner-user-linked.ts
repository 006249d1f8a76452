import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { PartnerRoleSchema } from '../property-location.js';

/**
 * A partner invited by e-mail now has a user (they signed up with that address, or their e-mail was changed to one
 * a user has): from now on that user reaches the partner's locations. Carries the partner's whole access state.
 */
export const PartnerUserLinked = defineEvent({
  subject: 'pm.portfolio.partner.user-linked.v1',
  data: z.object({
    partnerId: z.string().min(1),
    accountId: z.string().min(1),
    userId: z.string().min(1),
    role: PartnerRoleSchema,
  }),
  fixture: {
    partnerId: '01936f6e-9c2d-7a10-8b3e-4f5a6b7c8d9e',
    accountId: 'usr_01HZX3',
    userId: 'usr_01HZX9',
    role: 'MANAGER',
  },
});
