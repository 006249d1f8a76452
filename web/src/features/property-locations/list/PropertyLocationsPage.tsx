import { Button, Card, Empty, List, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useShellContext } from '../../../app/pm-shell/PropertyManagerShell.js';
import { CREATE_LOCATION_PATH, locationMessages, locationPath } from '../location-messages.js';
import { propertyTypeLabel } from '../../../app/property-location.js';
import { PageTitle, SectionTitle } from '../../../app/pm-shell/PageTitle.js';

/** /property-manager/property-locations: the user's locations, own and shared (the role shows for shared ones). */
export function PropertyLocationsPage() {
  const navigate = useNavigate();
  const { locations } = useShellContext();
  return (
    <Card
      title={<PageTitle>{locationMessages.listTitle}</PageTitle>}
      extra={
        <Button type="primary" onClick={() => void navigate(CREATE_LOCATION_PATH)}>
          {locationMessages.addLocation}
        </Button>
      }
    >
      {locations.length === 0 ? (
        <Empty description="No property locations yet" />
      ) : (
        <List
          dataSource={locations}
          renderItem={(location) => (
            <List.Item extra={location.access_role !== 'OWNER' ? <Tag>{location.access_role}</Tag> : null}>
              {/* Not List.Item.Meta: its title is always an h4, which would skip from the page's h1 to h4. */}
              <div>
                <SectionTitle>
                  <Link to={locationPath(location.id)}>{location.name}</Link>
                </SectionTitle>
                <Typography.Text type="secondary">{[location.address_text, propertyTypeLabel(location.type)].filter(Boolean).join(' · ')}</Typography.Text>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
