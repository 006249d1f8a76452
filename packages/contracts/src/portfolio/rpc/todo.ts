import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { ExpiringLeaseSchema, tenantFixture } from '../tenant.js';
import { IdRefSchema, limits, requiredLine, WindowDaysSchema } from '../validation.js';
import { leaseRenewalMessages } from '../messages.js';

/**
 * GET todo/location/{id}/expiring-leases?days=N: active tenants whose lease ends between today and today+N (UTC)
 * inclusive, soonest first. `days` is the raw query value; 400 'Days must be between 1 and 365'; default 60.
 */
export const ListExpiringLeases = defineRpc({
  subject: 'pm.rpc.portfolio.expiring-lease.list.v1',
  http: { method: 'GET', path: 'todo/location/:locationId/expiring-leases' },
  access: 'lease:read',
  errors: { 400: 'Days must be between 1 and 365', 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ locationId: IdRefSchema, days: WindowDaysSchema }),
  response: z.array(ExpiringLeaseSchema),
  fixture: {
    request: { locationId: tenantFixture.property_location_id, days: 60 },
    response: [
      {
        tenantId: tenantFixture.id,
        tenantName: tenantFixture.full_name,
        unitName: tenantFixture.unitName,
        buildingName: tenantFixture.buildingName,
        buildingId: tenantFixture.buildingId,
        expiryDate: '2026-12-31',
      },
    ],
  },
});

/**
 * POST todo/lease-renewal-email: the building's lease-renewal e-mail to the tenant, sent by messaging through its outbox.
 * 400 'Building ID is required to send renewal email' | 'Tenant has no email address'.
 */
export const SendLeaseRenewalEmail = defineRpc({
  subject: 'pm.rpc.portfolio.lease-renewal-email.send.v1',
  http: { method: 'POST', path: 'todo/lease-renewal-email' },
  access: 'lease:notify',
  errors: { 400: [leaseRenewalMessages.buildingRequired, 'Tenant has no email address'], 404: ['Tenant not found', 'Building not found'], 403: ACCESS_FORBIDDEN },
  request: z.object({
    tenantId: IdRefSchema.default(''),
    buildingId: requiredLine('Building ID', limits.name, { required: leaseRenewalMessages.buildingRequired }),
  }),
  response: z.object({ sent: z.literal(true) }),
  fixture: { request: { tenantId: tenantFixture.id, buildingId: tenantFixture.buildingId }, response: { sent: true } },
});
