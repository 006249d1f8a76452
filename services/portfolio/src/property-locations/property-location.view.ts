import type { AccessRole, PropertyLocation as PropertyLocationView } from '@pm/contracts';
import type { PropertyLocation } from './property-location.entity.js';

/** `role`: the caller's, so the web can hide what they may not do (the service enforces it anyway). */
export function toPropertyLocationView(location: PropertyLocation, role: AccessRole): PropertyLocationView {
  return {
    id: location.id,
    name: location.name,
    address_text: location.addressText,
    type: location.type ?? null,
    declared_units_count: location.declaredUnitsCount ?? null,
    is_rental_property: location.isRentalProperty,
    email: location.email ?? null,
    phone: location.phone ?? null,
    metadata: location.metadata,
    created_at: location.createdAt.toISOString(),
    access_role: role,
  };
}
