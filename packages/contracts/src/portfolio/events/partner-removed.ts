import { z } from 'zod';
import { defineEvent } from '../../define.js';

/** A partner lost their role on one location (removing a partner from all locations records one event per location). */
export const PartnerRemoved = defineEvent({
  subject: 'pm.portfolio.partner.removed.v1',
  data: z.object({
    partnerId: z.string().min(1),
    accountId: z.string().min(1),
    locationId: z.string().min(1),
    /** Null when the partner never had a user. */
    userId: z.string().nullable(),
  }),
  fixture: {
    partnerId: '01936f6e-9c2d-7a10-8b3e-4f5a6b7c8d9e',
    accountId: 'usr_01HZX3',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    userId: 'usr_01HZX9',
  },
});
