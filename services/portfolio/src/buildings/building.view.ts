import type { Building as BuildingView } from '@pm/contracts';
import type { Building } from './building.entity.js';

export function toBuildingView(building: Building, unitsCount: number): BuildingView {
  return {
    id: building.id,
    name: building.name,
    property_location_id: building.propertyLocationId,
    address_text: building.addressText,
    units_count: unitsCount,
    created_at: building.createdAt.toISOString(),
  };
}
