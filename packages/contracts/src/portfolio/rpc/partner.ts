import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { DeletedSchema } from '../knowledge.js';
import { partnerFixture, PartnerSchema } from '../partner.js';
import { PARTNER_ROLE_ELSEWHERE, partnerInvitationFixture, PartnerInvitationSchema } from '../partner-invitation.js';
import { PartnerRoleSchema } from '../property-location.js';
import { textPattern, withPattern } from '../../text.js';
import { IdRefSchema, limits, optionalLine, portfolioMessages, requiredEmail, requiredLine } from '../validation.js';
import { partnerMessages } from '../messages.js';
import { planLimitMessages, planOf } from '../../payments/plans.js';

const locationId = partnerFixture.locations[0]!.location_id;

/**
 * Spec 001 §5, in the form's order: Full Name, Email, Phone (on add), Role. The role is upper-cased; OWNER passes
 * here because it is the account holder's and the service refuses it with 403, like anything else one may not do.
 */
const fullName = requiredLine('Full Name', limits.name);
/** One of the roles in any letter case, for the API description. */
const rolePattern = textPattern.trimmedAround(
  ['OWNER', ...PartnerRoleSchema.options].map((name) => [...name].map((letter) => `[${letter}${letter.toLowerCase()}]`).join('')).join('|'),
);
const role = withPattern(
  requiredLine('Role', limits.role)
    .transform((value) => value.toUpperCase())
    .refine((value) => value === 'OWNER' || (PartnerRoleSchema.options as readonly string[]).includes(value), portfolioMessages.invalidRole),
  rolePattern,
)
  .transform((value) => value as z.infer<typeof PartnerRoleSchema> | 'OWNER');

/** GET property-manager/all?location_id=: the partners of a location. */
export const ListPartners = defineRpc({
  subject: 'pm.rpc.portfolio.partner.list.v1',
  http: { method: 'GET', path: 'property-manager/all' },
  access: 'partner:read',
  request: z.object({ location_id: IdRefSchema.min(1) }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: z.array(PartnerSchema),
  fixture: { request: { location_id: locationId }, response: [partnerFixture] },
});

/** GET property-manager/emergency-contacts?location_id=: the location's partners flagged as emergency contacts. */
export const ListEmergencyContacts = defineRpc({
  subject: 'pm.rpc.portfolio.partner.list-emergency-contacts.v1',
  http: { method: 'GET', path: 'property-manager/emergency-contacts' },
  access: 'partner:read',
  request: z.object({ location_id: IdRefSchema.min(1) }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: z.array(PartnerSchema),
  fixture: { request: { location_id: locationId }, response: [{ ...partnerFixture, is_emergency_contact: true }] },
});

/**
 * POST property-manager/with-user: invites a person to a role on one of the account's locations. It stores a pending
 * invitation and e-mails its link, whatever the address; the answer is the same for a registered and an unknown
 * e-mail, and nobody reaches the location until the invitee accepts (AcceptPartnerInvitation).
 */
export const AddPartner = defineRpc({
  subject: 'pm.rpc.portfolio.partner.add.v1',
  http: { method: 'POST', path: 'property-manager/with-user', status: 201, idempotent: true },
  access: 'partner:write',
  errors: {
    400: [partnerMessages.fullNameRequired, partnerMessages.emailRequired, partnerMessages.invalidEmail, partnerMessages.phoneRequired, partnerMessages.roleRequired],
    404: 'Property location not found',
    403: [ACCESS_FORBIDDEN, PARTNER_ROLE_ELSEWHERE],
    // Past the plan's users (code `plan_limit`): the owner, the partners and the pending invitations.
    409: planLimitMessages.users(planOf('starter')),
    503: partnerMessages.invitationNotSent,
  },
  request: z.object({
    fullName,
    email: requiredEmail(),
    phone: requiredLine('Phone', limits.phone),
    role,
    locationId: IdRefSchema.nullish(),
  }),
  response: PartnerInvitationSchema,
  fixture: {
    request: { fullName: 'Jordan Lee', email: 'jordan@example.com', phone: '(555) 123-4567', role: 'MANAGER', locationId },
    response: partnerInvitationFixture,
  },
});

/** PUT property-manager/{id}. */
export const UpdatePartner = defineRpc({
  subject: 'pm.rpc.portfolio.partner.update.v1',
  http: { method: 'PUT', path: 'property-manager/:id' },
  access: 'partner:write',
  errors: { 400: [partnerMessages.fullNameRequired, partnerMessages.emailRequired, partnerMessages.roleRequired], 409: 'A partner with this email already exists', 404: 'Property manager not found', 403: ACCESS_FORBIDDEN },
  request: z.object({
    id: IdRefSchema.min(1),
    full_name: fullName,
    email: requiredEmail(),
    /** Left out: kept; null or blank: removed. */
    phone: optionalLine('Phone', limits.phone).transform((phone) => (phone === undefined ? undefined : phone || null)),
    role,
    is_emergency_contact: z.boolean().nullish(),
  }),
  response: PartnerSchema,
  fixture: {
    request: { id: partnerFixture.id, full_name: 'Jordan Lee', email: 'jordan@example.com', role: 'ADMIN', is_emergency_contact: true },
    response: { ...partnerFixture, role: 'ADMIN', is_emergency_contact: true },
  },
});

/** DELETE property-manager/{id}?location_id=: removes the partner from that location (from all without it). */
export const RemovePartner = defineRpc({
  subject: 'pm.rpc.portfolio.partner.remove.v1',
  http: { method: 'DELETE', path: 'property-manager/:id' },
  access: 'partner:write',
  request: z.object({ id: IdRefSchema.min(1), location_id: IdRefSchema.nullish() }),
  errors: { 404: 'Property manager not found', 403: ACCESS_FORBIDDEN },
  response: DeletedSchema,
  fixture: { request: { id: partnerFixture.id, location_id: locationId }, response: { deleted: true } },
});
