import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { PartnerRoleSchema } from '../property-location.js';

/** A person was given a role on a location (a new partner, or an existing one given another location). */
export const PartnerAdded = defineEvent({
  subject: 'pm.portfolio.partner.added.v1',
  data: z.object({
    partnerId: z.string().min(1),
    accountId: z.string().min(1),
    locationId: z.string().min(1),
    email: z.string().min(1),
    role: PartnerRoleSchema,
    /** Null until a user with the partner's e-mail exists. */
    userId: z.string().nullable(),
  }),
  fixture: {
    partnerId: '01936f6e-9c2d-7a10-8b3e-4f5a6b7c8d9e',
    accountId: 'usr_01HZX3',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    email: 'jordan@example.com',
    role: 'MANAGER',
    userId: null,
  },
});
