import { z } from 'zod';
import { PartnerRoleSchema } from './property-location.js';

/**
 * A partner invitation as its inviter sees it: pending until the invitee accepts it. The same shape whether or not
 * the e-mail belongs to an account, so adding a partner tells nothing about who is registered.
 */
export const PartnerInvitationSchema = z.object({
  id: z.string().min(1),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: PartnerRoleSchema,
  location_id: z.string().min(1),
  status: z.literal('PENDING'),
  invited_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
});
export type PartnerInvitation = z.infer<typeof PartnerInvitationSchema>;

/** What the invitee sees from the e-mail's link before accepting or declining. */
export const ReceivedPartnerInvitationSchema = z.object({
  email: z.string(),
  role: PartnerRoleSchema,
  location_name: z.string(),
  location_address: z.string(),
  /** Who sent it (their sign-in e-mail), so the invitee knows whom they would work with. */
  inviter_email: z.string().nullable(),
  expires_at: z.iso.datetime({ offset: true }),
});
export type ReceivedPartnerInvitation = z.infer<typeof ReceivedPartnerInvitationSchema>;

/** The answer to accepting: the location the caller now reaches, in which role. */
export const AcceptedPartnerInvitationSchema = z.object({ location_id: z.string().min(1), role: PartnerRoleSchema });

export const PARTNER_INVITATION_NOT_FOUND = 'This invitation is invalid or has expired';
export const PARTNER_INVITATION_OTHER_EMAIL =
  'This invitation was sent to a different e-mail address. Sign in with the address it was sent to, then open the link again.';
/**
 * A partner has one role on all the account's locations they are on, so inviting an existing partner in another role
 * changes it everywhere: the inviter hears this when they do not administer every one of those locations.
 */
export const PARTNER_ROLE_ELSEWHERE =
  'This person is already a partner, in another role, on properties of this account that you do not manage, and a partner has one role on all of them. Ask the account owner to invite them.';
/** The invitee hears this when accepting would change their role on locations the inviter does not administer. */
export const PARTNER_INVITATION_ROLE_ELSEWHERE =
  'Accepting would change your role on other properties of this account, which the person who invited you does not manage. Ask the account owner to invite you instead.';
/** An owner accepting an invitation to one of their own locations. */
export const ALREADY_OWNER = 'You already own this property location';
export const OWNER_CANNOT_LEAVE = 'You own this property location, so you cannot leave it';

export const partnerInvitationFixture: PartnerInvitation = {
  id: '01936f6e-9c2d-7a10-8b3e-4f5a6b7c8d9f',
  full_name: 'Jordan Lee',
  email: 'jordan@example.com',
  phone: '5551234567',
  role: 'MANAGER',
  location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  status: 'PENDING',
  invited_at: '2026-11-22T10:00:00.000Z',
  expires_at: '2026-12-06T10:00:00.000Z',
};
