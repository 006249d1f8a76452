import { Empty, Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePropertyManagerContext } from './usePropertyManagerContext.js';

/** Renders its child for the location chosen in the shell's selector, or points to creating the first one. */
export function SelectedLocationGate({ children }: { children: (locationId: string) => ReactNode }) {
  const { selectedLocation, locationsLoading } = usePropertyManagerContext();
  if (locationsLoading) return null;
  if (!selectedLocation) {
    return (
      <Empty description="Add a property location first.">
        <Link to="/property-manager/property-locations/create">
          <Button type="primary">Add Property</Button>
        </Link>
      </Empty>
    );
  }
  return <>{children(selectedLocation.id)}</>;
}
