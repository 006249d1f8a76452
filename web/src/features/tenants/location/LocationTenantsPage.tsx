import { LocationTenantsView } from './LocationTenantsView.js';
import { useLocationIdParam } from './useLocationIdParam.js';

/** property-locations/{locationId}/tenants: the location's tenant list. */
export function LocationTenantsPage() {
  const locationId = useLocationIdParam();
  return <LocationTenantsView key={locationId} locationId={locationId} title="Tenants" />;
}
