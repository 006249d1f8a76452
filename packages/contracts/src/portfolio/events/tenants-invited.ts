import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';

/** Onboarding (sign-up) e-mails went out to tenants of a location; `ownerUserId` is the location's owner. */
export const TenantsInvited = defineEvent({
  subject: 'pm.portfolio.tenants.invited.v1',
  data: LocationScopeSchema.extend({
    tenantIds: z.array(z.string().min(1)).min(1),
  }),
  fixture: {
    tenantIds: ['01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d'],
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
  },
});
