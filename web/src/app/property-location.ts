import type {
  AssignLocationPhoneNumber,
  CreatePropertyLocation,
  PropertyType,
  RequestInputOf,
  SearchLocationPhoneNumbers,
  UpdatePropertyLocation,
} from '@pm/contracts';

/** The BFF's `PropertyLocation` (spec 000 3.1, spec 001 section 3) and its parts, as their contracts define them. */
export type { AccessRole, AvailablePhoneNumber, PropertyLocation, PropertyType } from '@pm/contracts';

/** PUT property-location/{id} (spec 001 section 7): the Edit Property Location dialog's fields. */
export type UpdatePropertyLocationRequest = RequestInputOf<typeof UpdatePropertyLocation>;
export type CreatePropertyLocationRequest = RequestInputOf<typeof CreatePropertyLocation>;
export type AssignPhoneNumberRequest = RequestInputOf<typeof AssignLocationPhoneNumber>;

export type PhoneNumberSearchRequest = RequestInputOf<typeof SearchLocationPhoneNumbers>;

/** The type choices the forms offer (spec: single family home, townhouse, condo, multi-unit, ADU, other). */
export const propertyTypeOptions: readonly { value: PropertyType; label: string }[] = [
  { value: 'SINGLE_FAMILY_HOME', label: 'Single Family Home' },
  { value: 'TOWNHOUSE', label: 'Townhouse' },
  { value: 'CONDO', label: 'Condo' },
  { value: 'MULTI_UNIT', label: 'Multi-Unit' },
  { value: 'ACCESSORY_DWELLING_UNIT', label: 'Accessory Dwelling Unit' },
  { value: 'OTHER', label: 'Other' },
];

export function propertyTypeLabel(type: PropertyType | null): string | null {
  if (type === 'COMMERCIAL') return 'Commercial';
  return propertyTypeOptions.find((option) => option.value === type)?.label ?? null;
}

/**
 * Spec 000 3.1: the first, second, third, sixth and seventh types are single-family-like; they get the simplified
 * flow (no buildings, e-mail-address-based onboarding completion), and portfolio gives each its implicit building and
 * unit. A location without a type (allowed for the property-owner campaign) is a single home too. One rule for the
 * service and the screens: the contracts'.
 */
export { isSingleFamilyLike } from '@pm/contracts';
