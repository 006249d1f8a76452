import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { DeletedSchema } from '../knowledge.js';
import {
  AcceptedPartnerInvitationSchema,
  ALREADY_OWNER,
  OWNER_CANNOT_LEAVE,
  PARTNER_INVITATION_NOT_FOUND,
  PARTNER_INVITATION_OTHER_EMAIL,
  PARTNER_INVITATION_ROLE_ELSEWHERE,
  partnerInvitationFixture,
  PartnerInvitationSchema,
  ReceivedPartnerInvitationSchema,
} from '../partner-invitation.js';
import { rawText } from '../../text.js';
import { IdRefSchema } from '../validation.js';

const locationId = partnerInvitationFixture.location_id;
// Any string up to a bound: a malformed token is just an unknown one (404), never a 400 that tells shapes apart.
const token = rawText('Token', 200);
const tokenFixture = 'q3Jx0c9mB1Qx2oVn8yT4aL5kP7wR6sE0dF2gH4jK6lM';

/** GET property-manager/invitations?location_id=: the location's pending partner invitations (not yet expired). */
export const ListPartnerInvitations = defineRpc({
  subject: 'pm.rpc.portfolio.partner-invitation.list.v1',
  description: "the location's pending, unexpired invitations",
  access: 'partner:read',
  http: { method: 'GET', path: 'property-manager/invitations' },
  request: z.object({ location_id: IdRefSchema.min(1) }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: z.array(PartnerInvitationSchema),
  fixture: { request: { location_id: locationId }, response: [partnerInvitationFixture] },
});

/** DELETE property-manager/invitations/{id}: withdraws a pending invitation; its link stops working. */
export const RevokePartnerInvitation = defineRpc({
  subject: 'pm.rpc.portfolio.partner-invitation.revoke.v1',
  description: 'revoke: the link answers 404 from then on',
  access: 'partner:write',
  http: { method: 'DELETE', path: 'property-manager/invitations/:id' },
  errors: { 404: 'Invitation not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1) }),
  response: DeletedSchema,
  fixture: { request: { id: partnerInvitationFixture.id }, response: { deleted: true } },
});

/**
 * GET partner-invitation/{token}: the invitation the e-mail's link names, for the invitee signed in with the address
 * it was sent to (another address: 403; unknown, expired, answered or revoked: one 404).
 */
export const GetPartnerInvitation = defineRpc({
  subject: 'pm.rpc.portfolio.partner-invitation.get.v1',
  description: "the invitee only; location name and address, role, inviter's e-mail, expiry",
  http: { method: 'GET', path: 'partner-invitation/:token' },
  errors: { 403: PARTNER_INVITATION_OTHER_EMAIL, 404: PARTNER_INVITATION_NOT_FOUND },
  request: z.object({ token }),
  response: ReceivedPartnerInvitationSchema,
  fixture: {
    request: { token: tokenFixture },
    response: {
      email: 'jordan@example.com',
      role: 'MANAGER',
      location_name: 'Elm Street Apartments',
      location_address: '12 Elm Street, Springfield, IL 62701',
      inviter_email: 'alex@example.com',
      expires_at: '2026-12-06T10:00:00.000Z',
    },
  },
});

/**
 * POST partner-invitation/{token}/accept: the invitee takes the role; from now on they reach the location. An
 * invitation whose sender may no longer add partners to the location is 404 like any dead link; one that would change
 * the invitee's role on locations its sender does not administer is 409.
 */
export const AcceptPartnerInvitation = defineRpc({
  subject: 'pm.rpc.portfolio.partner-invitation.accept.v1',
  description: 'the invitee only; becomes a partner: `PartnerAdded` (and `PartnerRoleChanged` for an existing partner given another role)',
  http: { method: 'POST', path: 'partner-invitation/:token/accept' },
  errors: {
    403: PARTNER_INVITATION_OTHER_EMAIL,
    404: PARTNER_INVITATION_NOT_FOUND,
    409: [ALREADY_OWNER, PARTNER_INVITATION_ROLE_ELSEWHERE, 'A partner with this email already exists'],
  },
  request: z.object({ token }),
  response: AcceptedPartnerInvitationSchema,
  fixture: { request: { token: tokenFixture }, response: { location_id: locationId, role: 'MANAGER' } },
});

/** POST partner-invitation/{token}/decline: the invitee says no; the invitation is gone from the inviter's list. */
export const DeclinePartnerInvitation = defineRpc({
  subject: 'pm.rpc.portfolio.partner-invitation.decline.v1',
  description: 'the invitee only; the invitation is gone',
  http: { method: 'POST', path: 'partner-invitation/:token/decline' },
  errors: { 403: PARTNER_INVITATION_OTHER_EMAIL, 404: PARTNER_INVITATION_NOT_FOUND },
  request: z.object({ token }),
  response: z.object({ declined: z.literal(true) }),
  fixture: { request: { token: tokenFixture }, response: { declined: true } },
});

/**
 * POST property-location/{id}/leave: a partner gives up their role on a location shared with them. The owner cannot
 * (409); a location the caller does not reach is 404.
 */
export const LeavePropertyLocation = defineRpc({
  subject: 'pm.rpc.portfolio.property-location.leave.v1',
  description: '`PartnerRemoved`; the partner row goes with its last location; the owner gets 409 "You own this property location, so you cannot leave it"',
  // The caller's own membership, not a permission of a role: any partner may leave, the owner never (409); a
  // location they do not reach is 404 (services/portfolio/test/partner-invitations.int-spec.ts).
  access: 'caller',
  http: { method: 'POST', path: 'property-location/:id/leave' },
  errors: { 404: 'Property location not found', 409: OWNER_CANNOT_LEAVE },
  request: z.object({ id: IdRefSchema.min(1) }),
  response: z.object({ left: z.literal(true) }),
  fixture: { request: { id: locationId }, response: { left: true } },
});
