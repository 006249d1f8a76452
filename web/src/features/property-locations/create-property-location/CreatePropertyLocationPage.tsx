import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { useShellContext } from '../../../app/pm-shell/PropertyManagerShell.js';
import { PropertyLocationForm } from './PropertyLocationForm.js';
import { propertyLocationMessages } from './property-location-form-values.js';
import { PageTitle } from '../../../app/pm-shell/PageTitle.js';

/** Property location create inside the manager area (spec 001), selecting the new location on success. */
export function CreatePropertyLocationPage() {
  const navigate = useNavigate();
  const { isPropertyOwnerCampaign, selectLocation } = useShellContext();
  return (
    <Card title={<PageTitle>Add Property Location</PageTitle>}>
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
