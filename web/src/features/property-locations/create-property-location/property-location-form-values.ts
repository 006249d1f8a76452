import type { CreatePropertyLocationRequest, PropertyType } from '../../../app/property-location.js';
import { propertyLocationMessages as propertyLocationSpecMessages } from '@pm/contracts';

export interface PropertyLocationFormValues {
  name?: string;
  address_text?: string;
  type?: PropertyType;
  declared_units_count?: number | null;
  is_rental_property: boolean;
  usage?: string;
}

/** Spec 000 section 5 messages, word for word. Spec 001's Add Property Location dialog names the address differently. */
export const propertyLocationMessages = {
  addressRequired: propertyLocationSpecMessages.addressRequired,
  rentalAddressRequired: propertyLocationSpecMessages.rentalAddressRequired,
  typeRequired: propertyLocationSpecMessages.typeRequired,
  unitsCountRequired: propertyLocationSpecMessages.unitsCountRequired,
  created: 'Property location created successfully',
  createFailed: 'Failed to create property location',
} as const;

/** How the owner uses the place; kept as free metadata (`metadata.usage`) because the spec names no fixed list. */
export const usageOptions = [
  { value: 'long_term_rental', label: 'Long-term rental' },
  { value: 'short_term_rental', label: 'Short-term rental' },
  { value: 'primary_residence', label: 'Primary residence' },
  { value: 'second_home', label: 'Second home' },
  { value: 'other', label: 'Other' },
] as const;

/**
 * The POST body: an empty name is left out so the server derives it from the address, and the units count is sent
 * only for a multi-unit location (spec 000 section 5: "otherwise dropped from payload").
 */
export function toCreateRequest(values: PropertyLocationFormValues): CreatePropertyLocationRequest {
  const name = values.name?.trim();
  return {
    ...(name ? { name } : {}),
    address_text: (values.address_text ?? '').trim(),
    ...(values.type ? { type: values.type } : {}),
    ...(values.type === 'MULTI_UNIT' && values.declared_units_count != null ? { declared_units_count: values.declared_units_count } : {}),
    is_rental_property: values.is_rental_property,
    metadata: values.usage ? { usage: values.usage } : {},
  };
}
