import { SelectedLocationGate } from '../../../app/pm-shell/SelectedLocationGate.js';
import { useLocationIdParam } from '../../../app/pm-shell/useLocationIdParam.js';
import { RentRollView } from './RentRollView.js';

/** property-locations/{locationId}/rent: the location's rent roll. */
export function LocationRentPage() {
  const locationId = useLocationIdParam();
  return <RentRollView key={locationId} locationId={locationId} title="Rent" />;
}

/** /property-manager/rent: the rent roll of the location chosen in the shell. */
export function SelectedLocationRentPage() {
  return <SelectedLocationGate title="Rent">{(locationId) => <RentRollView key={locationId} locationId={locationId} title="Rent" />}</SelectedLocationGate>;
}
