import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';

/** A past tenant was deleted for good (the second delete; the first archives and is a TenantUpdated). */
export const TenantDeleted = defineEvent({
  subject: 'pm.portfolio.tenant.deleted.v1',
  data: LocationScopeSchema.extend({
    tenantId: z.string().min(1),
    unitId: z.string().min(1),
    changedAt: z.iso.datetime(),
  }),
  fixture: {
    tenantId: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
    unitId: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    changedAt: '2026-11-24T10:15:00.000Z',
  },
});
