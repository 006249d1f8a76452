import type { Unit as UnitView } from '@pm/contracts';
import type { Building } from '../buildings/building.entity.js';
import type { Unit } from './unit.entity.js';

export function toUnitView(unit: Unit, building: Pick<Building, 'name'>, tenantsCount: number): UnitView {
  return {
    id: unit.id,
    name: unit.name,
    building_id: unit.buildingId,
    building_name: building.name,
    property_location_id: unit.propertyLocationId,
    tenants_count: tenantsCount,
    created_at: unit.createdAt.toISOString(),
  };
}
