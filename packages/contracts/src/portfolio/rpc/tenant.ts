import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { PAGE_LIMIT_MAX, pageRequestFields, pageSchema } from '../../page.js';
import { TenantSchema, tenantFixture } from '../tenant.js';
import { IdRefSchema, LeaseDateSchema, limits, optionalLine, portfolioMessages, RentCentsSchema, TenantContactsInputSchema, TenantFullNameSchema } from '../validation.js';
import { rawText, textPattern, withPattern } from '../../text.js';
import { emailTextFields } from './building.js';
import { tenantMessages } from '../messages.js';

/** A page of tenants (see page.ts): the lists of a unit, of a location and of its past tenants. */
export const TenantPageSchema = pageSchema(TenantSchema);

// Ids are not checked here: an empty or malformed one answers 404 with the resource's message, like an unknown one.
const id = IdRefSchema;

/** Name and contacts in the dialogs' order: contacts with an empty value are dropped, phones kept as 10 digits. */
const tenantFields = { full_name: TenantFullNameSchema, contacts: TenantContactsInputSchema };

/** GET tenant/all?unit_id=&limit=&cursor=: a page of the unit's active tenants, oldest first; 404 'Unit not found'. */
export const ListUnitTenants = defineRpc({
  subject: 'pm.rpc.portfolio.tenant.list.v2',
  http: { method: 'GET', path: 'tenant/all' },
  access: 'tenant:read',
  errors: { 400: ['Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`], 404: 'Unit not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ unit_id: id.default(''), ...pageRequestFields }),
  response: TenantPageSchema,
  fixture: { request: { unit_id: tenantFixture.unit_id, limit: 50 }, response: { items: [tenantFixture], next_cursor: null, total: 1 } },
});

/**
 * GET tenant/location/{locationId}[?archived=true]&search=&limit=&cursor=: a page of the location's active tenants
 * (oldest first), or of its past (archived) ones (most recently archived first); 404 'Property location not found'.
 * `search` keeps the tenants whose name, unit, e-mail or phone contains it (any case; a phone by its digits), and
 * `total` counts those.
 */
export const ListLocationTenants = defineRpc({
  subject: 'pm.rpc.portfolio.tenant.list-by-location.v2',
  http: { method: 'GET', path: 'tenant/location/:locationId' },
  access: 'tenant:read',
  errors: {
    400: ['Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`, portfolioMessages.tooLong('Search', limits.search), portfolioMessages.notAllowed('Search')],
    404: 'Property location not found',
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({ locationId: id, archived: z.boolean().default(false), search: optionalLine('Search', limits.search), ...pageRequestFields }),
  response: TenantPageSchema,
  fixture: {
    request: { locationId: tenantFixture.property_location_id, limit: 2, cursor: 'WyIwMTkzN2ExMiJd' },
    response: { items: [tenantFixture], next_cursor: null, total: 3 },
  },
});

/** GET tenant/{id}: 404 'Tenant not found'. */
export const GetTenant = defineRpc({
  subject: 'pm.rpc.portfolio.tenant.get.v1',
  http: { method: 'GET', path: 'tenant/:id' },
  access: 'tenant:read',
  errors: { 404: 'Tenant not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id }),
  response: TenantSchema,
  fixture: { request: { id: tenantFixture.id }, response: tenantFixture },
});

/**
 * POST tenant: 'Full name is required' | 'Invalid email address' | 'Phone number must be in format (999) 999-9999';
 * the unit must belong to location_id (404 'Unit not found').
 */
export const CreateTenant = defineRpc({
  subject: 'pm.rpc.portfolio.tenant.create.v1',
  http: { method: 'POST', path: 'tenant', status: 201, idempotent: true },
  access: 'tenant:write',
  errors: { 400: [tenantMessages.fullNameRequired, tenantMessages.invalidEmail, tenantMessages.invalidPhone], 404: 'Unit not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ ...tenantFields, unit_id: IdRefSchema.nullish(), location_id: IdRefSchema.nullish() }),
  response: TenantSchema,
  fixture: {
    request: {
      full_name: 'Jordan Lee',
      unit_id: tenantFixture.unit_id,
      location_id: tenantFixture.property_location_id,
      contacts: [
        { type: 'email', value: 'jordan@example.com' },
        { type: 'phone', value: '(555) 123-4567' },
      ],
    },
    response: { ...tenantFixture, is_primary: false, metadata: { lease_start: null, lease_end: null, rent_amount_cents: null } },
  },
});

/** PUT tenant/{id}: the create rules for full_name and contacts. */
export const UpdateTenant = defineRpc({
  subject: 'pm.rpc.portfolio.tenant.update.v1',
  http: { method: 'PUT', path: 'tenant/:id' },
  access: 'tenant:write',
  errors: { 400: [tenantMessages.fullNameRequired, tenantMessages.invalidEmail, tenantMessages.invalidPhone], 404: 'Tenant not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id, ...tenantFields }),
  response: TenantSchema,
  fixture: { request: { id: tenantFixture.id, full_name: 'Jordan A. Lee', contacts: tenantFixture.contacts }, response: { ...tenantFixture, full_name: 'Jordan A. Lee', tenantName: 'Jordan A. Lee' } },
});

/** DELETE tenant/{id}: an active tenant is archived (is_deleted false); an archived one is removed (is_deleted true). */
export const DeleteTenant = defineRpc({
  subject: 'pm.rpc.portfolio.tenant.delete.v1',
  http: { method: 'DELETE', path: 'tenant/:id' },
  access: 'tenant:delete',
  errors: { 404: 'Tenant not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id }),
  response: z.object({ is_deleted: z.boolean(), unit_id: z.string().min(1) }),
  fixture: { request: { id: tenantFixture.id }, response: { is_deleted: false, unit_id: tenantFixture.unit_id } },
});

/** POST tenant/{id}: retrieve an archived tenant (active again). */
export const RetrieveTenant = defineRpc({
  subject: 'pm.rpc.portfolio.tenant.retrieve.v1',
  http: { method: 'POST', path: 'tenant/:id' },
  access: 'tenant:delete',
  errors: { 404: 'Tenant not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id }),
  response: TenantSchema,
  fixture: { request: { id: tenantFixture.id }, response: tenantFixture },
});

/** POST tenant/{id}/set-primary: the unit's other tenants lose primary; 400 'Archived tenants cannot be primary'. */
export const SetPrimaryTenant = defineRpc({
  subject: 'pm.rpc.portfolio.tenant.set-primary.v1',
  http: { method: 'POST', path: 'tenant/:id/set-primary' },
  access: 'tenant:write',
  errors: { 400: 'Archived tenants cannot be primary', 404: 'Tenant not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id }),
  response: TenantSchema,
  fixture: { request: { id: tenantFixture.id }, response: tenantFixture },
});

/**
 * PUT tenant/{id}/metadata: fields left out keep their value, null clears one.
 * 400 'Invalid date' | 'Lease end date must be after the start date' | 'Rent must be a positive amount'.
 */
export const UpdateTenantMetadata = defineRpc({
  subject: 'pm.rpc.portfolio.tenant-metadata.update.v1',
  http: { method: 'PUT', path: 'tenant/:id/metadata' },
  access: 'tenant:write',
  errors: { 400: [tenantMessages.leaseEndBeforeStart, 'Invalid date', tenantMessages.rentNotPositive, 'Rent must be at most $1,000,000'], 404: 'Tenant not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id, lease_start: LeaseDateSchema, lease_end: LeaseDateSchema, rent_amount_cents: RentCentsSchema }),
  response: TenantSchema,
  fixture: { request: { id: tenantFixture.id, lease_end: '2026-12-31' }, response: tenantFixture },
});

/**
 * POST tenant/invite: one e-mail per tenant with an e-mail address and no account (the others are skipped), sent by
 * messaging through its outbox (a provider's failure shows on Sent E-mails, not here).
 * 400 'Please select at least one tenant' | 'Subject is required' | 'Message is required' |
 * 'No building found for this location'.
 */
export const InviteTenants = defineRpc({
  subject: 'pm.rpc.portfolio.tenant.invite.v1',
  http: { method: 'POST', path: 'tenant/invite' },
  access: 'tenant:invite',
  errors: {
    400: [tenantMessages.noTenantSelected, tenantMessages.subjectRequired, tenantMessages.messageRequired, tenantMessages.noBuilding],
    404: 'Tenant not found',
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({
    tenantIds: z
      // Each id a tenant's (a blank one selects no one), so the description's items say what is refused.
      .array(withPattern(IdRefSchema.refine((id) => id.trim() !== '', portfolioMessages.noTenantSelected), textPattern.nonBlank(), textPattern.beyondBmp))
      .max(limits.listItems, `At most ${limits.listItems} tenants can be invited at once`)
      .meta({ minItems: 1 })
      .nullish()
      .transform((ids) => [...new Set((ids ?? []).map((tenantId) => tenantId.trim()).filter(Boolean))])
      .refine((ids) => ids.length > 0, portfolioMessages.noTenantSelected),
    ...emailTextFields,
    location_id: IdRefSchema.nullish(),
  }),
  response: z.object({ invited: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() }),
  fixture: {
    request: { tenantIds: [tenantFixture.id], subject: 'You are invited to {{property_name}}', body: 'Hello {{tenant_name}}: {{invite_link}}' },
    response: { invited: 1, skipped: 0 },
  },
});

export const TENANT_WELCOME_NOT_FOUND = 'This invitation link is invalid or has expired';

/** What an invited tenant sees on the landing page of their invitation link: how to reach their property, nothing else. */
export const TenantWelcomeSchema = z.object({
  first_name: z.string(),
  property_name: z.string(),
  property_address: z.string(),
  property_phone: z.string().nullable(),
  property_email: z.string().nullable(),
});
export type TenantWelcome = z.infer<typeof TenantWelcomeSchema>;

/**
 * GET tenant-welcome/:token, public: the landing page of a tenant invitation. The token is the unguessable one of the
 * invitation e-mail (only its hash is stored, valid 60 days); an unknown or expired one answers 404 with one message,
 * so the answer tells nothing about which tokens ever existed.
 */
export const GetTenantWelcome = defineRpc({
  subject: 'pm.rpc.portfolio.tenant-welcome.get.v1',
  http: { method: 'GET', path: 'tenant-welcome/:token', auth: 'public' },
  errors: { 404: TENANT_WELCOME_NOT_FOUND },
  // Any string: a malformed token is just an unknown one (404), never a 400 that would tell the shape apart.
  request: z.object({ token: rawText('Token', 200) }),
  response: TenantWelcomeSchema,
  fixture: {
    request: { token: 'q3Jx0c9mB1Qx2oVn8yT4aL5kP7wR6sE0dF2gH4jK6lM' },
    response: {
      first_name: 'Jane',
      property_name: 'Elm Street Apartments',
      property_address: '12 Elm Street, Springfield, IL 62701',
      property_phone: '+12135550123',
      property_email: '12.elm.street@mail.pm.local',
    },
  },
});
