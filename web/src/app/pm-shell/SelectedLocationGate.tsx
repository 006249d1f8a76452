import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import { LinkButton } from '../LinkButton.js';
import { PageTitle } from './PageTitle.js';
import { usePropertyManagerContext } from './usePropertyManagerContext.js';

/**
 * Renders its child for the location chosen in the shell's selector, or points to creating the first one under the
 * page's `title` (the page still has its h1 when there is nothing to list yet).
 */
export function SelectedLocationGate({ title, children }: { title: string; children: (locationId: string) => ReactNode }) {
  const { selectedLocation, locationsLoading } = usePropertyManagerContext();
  if (locationsLoading) return null;
  if (!selectedLocation) {
    return (
      <Card title={<PageTitle>{title}</PageTitle>}>
        <Empty description="Add a property location first.">
          <LinkButton type="primary" to="/property-manager/property-locations/create">
            Add Property
          </LinkButton>
        </Empty>
      </Card>
    );
  }
  return <>{children(selectedLocation.id)}</>;
}
