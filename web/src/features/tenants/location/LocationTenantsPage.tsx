import { LocationTenantsView } from './LocationTenantsView.js';
import { useLocationIdParam } from '../../../app/pm-shell/useLocationIdParam.js';

/** property-locations/{locationId}/tenants: the location's tenant list. */
export function LocationTenantsPage() {
  const locationId = useLocationIdParam();
  return <LocationTenantsView key={locationId} locationId={locationId} title="Tenants" />;
}
