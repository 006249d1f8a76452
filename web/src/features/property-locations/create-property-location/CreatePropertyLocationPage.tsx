import { Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useShellContext } from '../../../app/pm-shell/PropertyManagerShell.js';
import { PropertyLocationForm } from './PropertyLocationForm.js';
import { propertyLocationMessages } from './property-location-form-values.js';

/** Property location create inside the manager area (spec 001), selecting the new location on success. */
export function CreatePropertyLocationPage() {
  const navigate = useNavigate();
  const { isPropertyOwnerCampaign, selectLocation } = useShellContext();
  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>Add Property Location</Typography.Title>}>
      <PropertyLocationForm
        isPropertyOwnerCampaign={isPropertyOwnerCampaign}
        addressRequiredMessage={propertyLocationMessages.rentalAddressRequired}
        onCreated={(location) => {
          selectLocation(location.id);
          void navigate('/property-manager/dashboard');
        }}
      />
    </Card>
  );
}
