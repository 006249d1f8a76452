import { defineEntity, p } from '@mikro-orm/core';
import { PARTNER_ROLES } from '@pm/contracts';

const PartnerSchema = defineEntity({
  name: 'Partner',
  tableName: 'partner',
  properties: {
    id: p.uuid().primary(),
    /** The account whose locations the partner was given access to. */
    accountId: p.string().fieldName('account_id'),
    /** The partner's own user, once one exists with their e-mail (linked at creation or when they sign up). */
    userId: p.string().nullable().fieldName('user_id'),
    fullName: p.text().fieldName('full_name'),
    email: p.text(),
    phone: p.text().nullable(),
    role: p.enum(PARTNER_ROLES),
    isEmergencyContact: p.boolean().fieldName('is_emergency_contact'),
    invitedAt: p.datetime().nullable().fieldName('invited_at'),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** A person given a role on some of an account's locations (spec 001: property partner). */
export class Partner extends PartnerSchema.class {}
PartnerSchema.setClass(Partner);
export { PartnerSchema };

const PartnerLocationSchema = defineEntity({
  name: 'PartnerLocation',
  tableName: 'partner_location',
  properties: {
    partnerId: p.uuid().primary().fieldName('partner_id'),
    locationId: p.uuid().primary().fieldName('location_id'),
  },
});

/** Which locations a partner's role applies to. */
export class PartnerLocation extends PartnerLocationSchema.class {}
PartnerLocationSchema.setClass(PartnerLocation);
export { PartnerLocationSchema };
