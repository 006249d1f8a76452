import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { limits } from '../validation.js';
import { TenantMailFactsSchema } from './tenant-invitation-issued.js';

/**
 * A manager asked for a tenant's lease-renewal e-mail (an expiring-lease todo item). Messaging words it with the
 * building's lease-renewal template, fills it with these values, signs it and sends it through its outbox, once per
 * event. `inviteLink` opens the tenant's welcome page, for a template that names {{invite_link}}.
 */
export const LeaseRenewalRequested = defineEvent({
  subject: 'pm.portfolio.lease-renewal.requested.v1',
  data: TenantMailFactsSchema.extend({
    /** Who asked (a user id). */
    requestedBy: z.string().min(1).max(limits.id),
  }),
  fixture: {
    tenantId: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
    buildingId: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    tenantName: 'Jordan Lee',
    email: 'jordan@example.com',
    propertyName: '12 Elm Street',
    propertyAddress: '12 Elm Street, Springfield, IL 62701',
    inviteLink: 'https://app.example.com/welcome/token?email=jordan%40example.com',
    leaseEnd: '2026-12-31',
    requestedBy: 'usr_01HZX3',
  },
});
