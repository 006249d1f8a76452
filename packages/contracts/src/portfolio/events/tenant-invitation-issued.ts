import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { limits } from '../validation.js';
import { LocationScopeSchema } from '../property-location.js';

/**
 * What portfolio owns of an e-mail to a tenant that messaging writes and sends: who, where, their welcome-page link and
 * lease end (the templates' placeholder values).
 */
export const TenantMailFactsSchema = LocationScopeSchema.extend({
    tenantId: z.string().min(1),
    buildingId: z.string().min(1),
    tenantName: z.string().max(limits.name),
    email: z.string().min(1).max(limits.email),
    propertyName: z.string().max(limits.name),
    propertyAddress: z.string().max(limits.address),
    inviteLink: z.string().min(1).max(2_048),
    leaseEnd: z.string().max(10),
});

/**
 * Portfolio issued a tenant's invitation (their welcome-page token) and asks messaging to e-mail it: the subject and
 * body the manager chose, placeholders unfilled, and the values portfolio owns. Messaging fills the placeholders, adds
 * the building's signature and sends it through its outbox from the location's address, once per event.
 */
export const TenantInvitationIssued = defineEvent({
  subject: 'pm.portfolio.tenant-invitation.issued.v1',
  data: TenantMailFactsSchema.extend({
    subject: z.string().min(1).max(limits.subject),
    body: z.string().min(1).max(limits.body),
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
    leaseEnd: '',
    subject: 'You are invited to {{property_name}}',
    body: 'Hello {{tenant_name}},\n\n{{invite_link}}',
  },
});
