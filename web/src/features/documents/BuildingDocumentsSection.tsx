import { useBuildingContext } from '../../app/pm-shell/useBuildingContext.js';
import { EntityDocumentsPanel } from './EntityDocumentsPanel.js';

/** buildings/{id}/documents (spec 001 §2). */
export function BuildingDocumentsSection() {
  const { building } = useBuildingContext();
  return <EntityDocumentsPanel entityType="building" entityId={building.id} locationId={building.property_location_id} />;
}

/** The unit page's Documents panel. */
export function UnitDocumentsPanel({ unitId, locationId }: { unitId: string; locationId: string }) {
  return <EntityDocumentsPanel entityType="unit" entityId={unitId} locationId={locationId} />;
}
