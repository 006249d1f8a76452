import { z } from 'zod';

/** Spec 000 §3.1: the property types; the first, second, third, sixth and seventh are single-family-like. */
export const PropertyTypeSchema = z.enum([
  'SINGLE_FAMILY_HOME',
  'TOWNHOUSE',
  'CONDO',
  'MULTI_UNIT',
  'COMMERCIAL',
  'ACCESSORY_DWELLING_UNIT',
  'OTHER',
], { error: 'Invalid property type' });
export type PropertyType = z.infer<typeof PropertyTypeSchema>;

export const singleFamilyLikeTypes: readonly PropertyType[] = ['SINGLE_FAMILY_HOME', 'TOWNHOUSE', 'CONDO', 'ACCESSORY_DWELLING_UNIT', 'OTHER'];

/**
 * Whether a location of this type gets the simplified single-family flow (spec 000 §1, §4.2; 001: no buildings shown,
 * an implicit building and unit of its own). A location without a type (allowed for the property-owner campaign) is a
 * single home too: nothing says it has buildings.
 */
export function isSingleFamilyLike(type: PropertyType | null | undefined): boolean {
  return type == null || singleFamilyLikeTypes.includes(type);
}

/** Partner roles on a location (spec 001 §3, §6); what each may do is the ROLE_PERMISSIONS table (access/permissions.ts). */
export const PartnerRoleSchema = z.enum(['ADMIN', 'MANAGER', 'VENDOR', 'MEMBER', 'VIEWER']);
export type PartnerRole = z.infer<typeof PartnerRoleSchema>;
export const AccessRoleSchema = z.enum(['OWNER', ...PartnerRoleSchema.options]);
export type AccessRole = z.infer<typeof AccessRoleSchema>;

/**
 * Which location an event of something inside it concerns, and whose onboarding progress it moves (the location's
 * owner): carried by every event of buildings, units, tenants, invitations, phone numbers and e-mail addresses.
 */
export const LocationScopeSchema = z.object({
  locationId: z.string().min(1),
  accountId: z.string().min(1),
  ownerUserId: z.string().min(1),
});
export type LocationScope = z.infer<typeof LocationScopeSchema>;

/** What the location events carry about a location: its whole current state, so consumers need no query back. */
export const PropertyLocationEventDetailsSchema = z.object({
  locationId: z.string().min(1),
  /** The account the location belongs to (today the owner's own; partners join accounts later). */
  accountId: z.string().min(1),
  name: z.string().min(1),
  addressText: z.string().min(1),
  type: PropertyTypeSchema.nullable(),
  declaredUnitsCount: z.number().int().positive().nullable(),
  isRentalProperty: z.boolean(),
});
export type PropertyLocationEventDetails = z.infer<typeof PropertyLocationEventDetailsSchema>;

/** Free-form extras of a location: `usage` from onboarding, `state` for lease templates; later issues add keys. */
export const PropertyLocationMetadataSchema = z.looseObject({
  usage: z.string().nullish(),
  state: z.string().nullish(),
});
export type PropertyLocationMetadata = z.infer<typeof PropertyLocationMetadataSchema>;

/** A property location as the web app sees it (GET property-location/{id}). */
export const PropertyLocationSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  address_text: z.string(),
  type: PropertyTypeSchema.nullable(),
  declared_units_count: z.number().int().nullable(),
  is_rental_property: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  metadata: PropertyLocationMetadataSchema,
  created_at: z.iso.datetime({ offset: true }),
  /** The caller's role on this location: OWNER for their own account's, else the partner role they were given. */
  access_role: AccessRoleSchema,
});
export type PropertyLocation = z.infer<typeof PropertyLocationSchema>;

export const propertyLocationFixture: PropertyLocation = {
  id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  name: '12 Elm Street',
  address_text: '12 Elm Street, Springfield, IL 62701',
  type: 'MULTI_UNIT',
  declared_units_count: 6,
  is_rental_property: true,
  email: null,
  phone: null,
  metadata: { usage: 'rental' },
  created_at: '2026-11-21T10:00:00.000Z',
  access_role: 'OWNER',
};
