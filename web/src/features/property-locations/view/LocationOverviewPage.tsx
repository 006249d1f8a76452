import { Card, Descriptions } from 'antd';
import { Link } from 'react-router';
import { buildingListPath } from '../../../app/portfolio-paths.js';
import { locationEmailAddressPath, locationPhoneNumberPath } from '../location-messages.js';
import { isSingleFamilyLike, propertyTypeLabel } from '../../../app/property-location.js';
import { formatPhoneNumber } from '../phone-number/format-phone-number.js';
import { useLocationContext } from '../../../app/pm-shell/useLocationContext.js';
import { PageTitle } from '../../../app/pm-shell/PageTitle.js';

/** The location view's overview: what the location is and how tenants reach it. */
export function LocationOverviewPage() {
  const { propertyLocation: location } = useLocationContext();
  return (
    <Card title={<PageTitle>Overview</PageTitle>}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Name">{location.name}</Descriptions.Item>
        <Descriptions.Item label="Address">{location.address_text}</Descriptions.Item>
        <Descriptions.Item label="Type">{propertyTypeLabel(location.type) ?? '—'}</Descriptions.Item>
        {location.type === 'MULTI_UNIT' ? <Descriptions.Item label="Units">{location.declared_units_count ?? '—'}</Descriptions.Item> : null}
        <Descriptions.Item label="Phone number">
          {location.phone ? formatPhoneNumber(location.phone) : <Link to={locationPhoneNumberPath(location.id)}>Not set</Link>}
        </Descriptions.Item>
        <Descriptions.Item label="Email address">
          {location.email ?? <Link to={locationEmailAddressPath(location.id)}>Not set</Link>}
        </Descriptions.Item>
        {isSingleFamilyLike(location.type) ? null : (
          <Descriptions.Item label="Buildings">
            <Link to={buildingListPath(location.id)}>All Buildings</Link>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
