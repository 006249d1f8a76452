import { LocationTenantsView } from '../location/LocationTenantsView.js';
import { SelectedLocationGate } from '../../../app/pm-shell/SelectedLocationGate.js';

/** /property-manager/past-tenants: the selected location's archived tenants, with Retrieve and permanent Delete. */
export function PastTenantsPage() {
  return (
    <SelectedLocationGate title="Past Tenants">{(locationId) => <LocationTenantsView key={locationId} locationId={locationId} archived title="Past Tenants" />}</SelectedLocationGate>
  );
}
