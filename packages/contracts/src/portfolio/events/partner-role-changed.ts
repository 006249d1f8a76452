import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { PartnerRoleSchema } from '../property-location.js';

/**
 * A partner's role changed (it applies to every location they were given). Carries the partner's whole access state
 * (user and role), so a grants projection can apply it whatever order it sees the partner's events in.
 */
export const PartnerRoleChanged = defineEvent({
  subject: 'pm.portfolio.partner.role-changed.v1',
  data: z.object({
    partnerId: z.string().min(1),
    accountId: z.string().min(1),
    /** Null until a user with the partner's e-mail exists. */
    userId: z.string().nullable(),
    role: PartnerRoleSchema,
    previousRole: PartnerRoleSchema,
  }),
  fixture: {
    partnerId: '01936f6e-9c2d-7a10-8b3e-4f5a6b7c8d9e',
    accountId: 'usr_01HZX3',
    userId: 'usr_01HZX9',
    role: 'ADMIN',
    previousRole: 'MANAGER',
  },
});
