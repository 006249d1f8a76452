import type { CreatePropertyLocation, PropertyLocationMetadata, PropertyType, RequestOf, UpdatePropertyLocation } from '@pm/contracts';
import type { PropertyLocationDetails } from './property-location.entity.js';

/**
 * The rules of a location's details that need the caller or the stored location; the contracts check the rest
 * (required name and address, limits). The spec's own messages (000 §5, 001 §5), word for word.
 */
export const messages = {
  typeRequired: 'Property Type is required',
  unitsCountRequired: 'Units Count is required',
} as const;

export const PROPERTY_OWNER_CAMPAIGN = 'property_owner';


export type ValidationResult = { ok: true; details: PropertyLocationDetails } | { ok: false; message: string };

/**
 * Create (onboarding): the name is derived from the first part of the address when empty; the type is
 * required unless the user's campaign is property_owner; the units count is required for multi-unit locations and
 * dropped for every other type. The first failing rule, in form order, is the answer.
 */
export function validateNewLocation(input: RequestOf<typeof CreatePropertyLocation>, campaign: string | null): ValidationResult {
  const addressText = input.address_text;
  const rest = typeAndUnits(input.type ?? null, input.declared_units_count ?? null, campaign);
  if (!rest.ok) return rest;
  return {
    ok: true,
    details: {
      name: input.name || nameFromAddress(addressText),
      addressText,
      ...rest.value,
      isRentalProperty: input.is_rental_property ?? false,
      metadata: cleanMetadata(input.metadata ?? {}),
    },
  };
}

/** Edit (001's dialog): fields the request leaves out keep their current value. */
export function validateLocationEdit(input: RequestOf<typeof UpdatePropertyLocation>, current: PropertyLocationDetails, campaign: string | null): ValidationResult {
  const { name, address_text: addressText } = input;
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
