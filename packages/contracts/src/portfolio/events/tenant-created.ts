import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';
import { TenantPhoneNumbersSchema } from '../tenant.js';
import { limits } from '../validation.js';

/**
 * A tenant was added to a unit; `ownerUserId` is the location's owner. `fullName` and `phoneNumbers` came later
 * (messaging recognises a texting tenant by phone): an event recorded before them has neither.
 */
export const TenantCreated = defineEvent({
  subject: 'pm.portfolio.tenant.created.v1',
  data: LocationScopeSchema.extend({
    tenantId: z.string().min(1),
    unitId: z.string().min(1),
    buildingId: z.string().min(1),
    fullName: z.string().max(limits.name).optional(),
    phoneNumbers: TenantPhoneNumbersSchema.optional(),
  }),
  fixture: {
    tenantId: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
    unitId: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c',
    buildingId: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    fullName: 'Maria Lopez',
    phoneNumbers: ['+15551234567'],
  },
});
