import type { PropertyLocationMetadata, PropertyType } from '@pm/contracts';
import type { PropertyLocationDetails } from './property-location.entity.js';

/** The spec's own messages (000 §5 for onboarding's create, 001 §5 for the edit dialog), word for word. */
export const messages = {
  addressRequired: 'Property Address is required',
  rentalAddressRequired: 'Property Rental Address is required',
  typeRequired: 'Property Type is required',
  unitsCountRequired: 'Units Count is required',
  nameRequired: 'Name is required',
} as const;

export const PROPERTY_OWNER_CAMPAIGN = 'property_owner';

export interface LocationInput {
  name?: string | null;
  address_text?: string | null;
  type?: PropertyType | null;
  declared_units_count?: number | null;
  is_rental_property?: boolean | null;
  metadata?: PropertyLocationMetadata | null;
}

export type ValidationResult = { ok: true; details: PropertyLocationDetails } | { ok: false; message: string };

/**
 * Create (onboarding): the name is optional and derived from the first part of the address when empty; the type is
 * required unless the user's campaign is property_owner; the units count is required for multi-unit locations and
 * dropped for every other type. The first failing rule, in form order, is the answer.
 */
export function validateNewLocation(input: LocationInput, campaign: string | null): ValidationResult {
  const addressText = input.address_text?.trim() ?? '';
  if (!addressText) return { ok: false, message: messages.addressRequired };
  const rest = typeAndUnits(input.type ?? null, input.declared_units_count ?? null, campaign);
  if (!rest.ok) return rest;
  return {
    ok: true,
    details: {
      name: input.name?.trim() || nameFromAddress(addressText),
      addressText,
      ...rest.value,
      isRentalProperty: input.is_rental_property ?? false,
      metadata: cleanMetadata(input.metadata ?? {}),
    },
  };
}

/** Edit (001's dialog): name and address required; fields the request leaves out keep their current value. */
export function validateLocationEdit(input: LocationInput, current: PropertyLocationDetails, campaign: string | null): ValidationResult {
  const name = input.name?.trim() ?? '';
  if (!name) return { ok: false, message: messages.nameRequired };
  const addressText = input.address_text?.trim() ?? '';
  if (!addressText) return { ok: false, message: messages.rentalAddressRequired };
  const type = input.type === undefined ? current.type : input.type;
  const units = input.declared_units_count === undefined ? current.declaredUnitsCount : input.declared_units_count;
  const rest = typeAndUnits(type, units, campaign);
  if (!rest.ok) return rest;
  return {
    ok: true,
    details: {
      name,
      addressText,
      ...rest.value,
      isRentalProperty: input.is_rental_property ?? current.isRentalProperty,
      metadata: input.metadata == null ? current.metadata : cleanMetadata({ ...current.metadata, ...input.metadata }),
    },
  };
}

function typeAndUnits(
  type: PropertyType | null,
  units: number | null,
  campaign: string | null,
): { ok: true; value: { type: PropertyType | null; declaredUnitsCount: number | null } } | { ok: false; message: string } {
  if (!type && campaign !== PROPERTY_OWNER_CAMPAIGN) return { ok: false, message: messages.typeRequired };
  if (type !== 'MULTI_UNIT') return { ok: true, value: { type, declaredUnitsCount: null } };
  if (units === null || units < 1) return { ok: false, message: messages.unitsCountRequired };
  return { ok: true, value: { type, declaredUnitsCount: units } };
}

/** "12 Elm Street, Springfield, IL 62701" → "12 Elm Street". */
export function nameFromAddress(addressText: string): string {
  return addressText.split(',')[0]!.trim() || addressText;
}

function cleanMetadata(metadata: PropertyLocationMetadata): PropertyLocationMetadata {
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined && value !== null));
}
