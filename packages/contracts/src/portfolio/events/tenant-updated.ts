import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';
import { TenantPhoneNumbersSchema } from '../tenant.js';
import { limits } from '../validation.js';

/**
 * A tenant's details changed, or the tenant was archived (a past tenant) or retrieved. It carries the tenant's whole
 * state, so a consumer keeps a copy without asking back; events of one tenant are ordered by their ids (UUIDv7).
 */
export const TenantUpdated = defineEvent({
  subject: 'pm.portfolio.tenant.updated.v1',
  data: LocationScopeSchema.extend({
    tenantId: z.string().min(1),
    unitId: z.string().min(1),
    buildingId: z.string().min(1),
    fullName: z.string().max(limits.name),
    phoneNumbers: TenantPhoneNumbersSchema,
    archived: z.boolean(),
    changedAt: z.iso.datetime(),
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
    archived: false,
    changedAt: '2026-11-24T10:15:00.000Z',
  },
});
