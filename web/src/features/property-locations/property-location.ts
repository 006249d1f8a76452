/** The BFF's `PropertyLocation` (issue 3 API contract; spec 000 3.1, spec 001 section 3). */
export const propertyTypes = [
  'SINGLE_FAMILY_HOME',
  'TOWNHOUSE',
  'CONDO',
  'MULTI_UNIT',
  'COMMERCIAL',
  'ACCESSORY_DWELLING_UNIT',
  'OTHER',
] as const;

export type PropertyType = (typeof propertyTypes)[number];

export interface PropertyLocation {
  id: string;
  name: string;
  address_text: string;
  type: PropertyType | null;
  declared_units_count: number | null;
  is_rental_property: boolean;
  email: string | null;
  phone: string | null;
  metadata: { usage?: string; state?: string };
  created_at: string;
  /** The caller's role on this location: OWNER for their own, else the partner role they were given. */
  access_role: AccessRole;
}

export type AccessRole = 'OWNER' | 'ADMIN' | 'MANAGER' | 'VENDOR' | 'MEMBER' | 'VIEWER';

/** PUT property-location/{id} (spec 001 section 7): the Edit Property Location dialog's fields. */
export interface UpdatePropertyLocationRequest {
  id: string;
  name: string;
  address_text: string;
  type: PropertyType;
  declared_units_count?: number;
}

/** GET property-location/{id}/search-phone-number (issue 4 HTTP contract). */
export interface AvailablePhoneNumber {
  phoneNumber: string;
  friendlyName: string;
  locality: string | null;
  region: string | null;
}

export interface PhoneNumberSearch {
  locationId: string;
  areaCode?: string;
  contains?: string;
}

export interface CreatePropertyLocationRequest {
  name?: string;
  address_text: string;
  type?: PropertyType;
  declared_units_count?: number;
  is_rental_property: boolean;
  metadata: { usage?: string };
}

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
 * flow (no buildings, e-mail-address-based onboarding completion). A location without a type (allowed for the
 * property-owner campaign) is a single home too: nothing says it has buildings.
 */
export function isSingleFamilyLike(type: PropertyType | null): boolean {
  return type !== 'MULTI_UNIT' && type !== 'COMMERCIAL';
}
