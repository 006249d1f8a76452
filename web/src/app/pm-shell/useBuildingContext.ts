import { useOutletContext } from 'react-router';
import type { Building, PropertyLocation } from '@pm/contracts';
import type { PropertyManagerContext } from './usePropertyManagerContext.js';

/** What the building page gives the sections below it (its units page among them) through the outlet context. */
export interface BuildingContext extends PropertyManagerContext {
  building: Building;
  buildingLocation: PropertyLocation | undefined;
}

export function useBuildingContext(): BuildingContext {
  return useOutletContext<BuildingContext>();
}
