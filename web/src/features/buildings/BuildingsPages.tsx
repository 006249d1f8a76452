import { useShellContext } from '../../app/pm-shell/PropertyManagerShell.js';
import { WelcomePanel } from '../../app/pm-shell/WelcomePanel.js';
import { useLocationContext } from '../../app/pm-shell/useLocationContext.js';
import { BuildingList } from './BuildingList.js';

/** /property-manager/buildings: the buildings of the selected location. */
export function SelectedLocationBuildingsPage() {
  const { selectedLocation } = useShellContext();
  if (!selectedLocation) return <WelcomePanel />;
  return <BuildingList location={selectedLocation} />;
}

/** /property-manager/property-locations/{id}/buildings: the buildings of the location the route names. */
export function LocationBuildingsPage() {
  const { propertyLocation } = useLocationContext();
  return <BuildingList location={propertyLocation} />;
}
