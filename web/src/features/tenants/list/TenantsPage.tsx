import { LocationTenantsView } from '../location/LocationTenantsView.js';
import { SelectedLocationGate } from '../../../app/pm-shell/SelectedLocationGate.js';

/** /property-manager/tenants: every active tenant of the selected location. */
export function TenantsPage() {
  return <SelectedLocationGate title="Tenants">{(locationId) => <LocationTenantsView key={locationId} locationId={locationId} title="Tenants" />}</SelectedLocationGate>;
}
