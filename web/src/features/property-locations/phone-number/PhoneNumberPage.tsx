import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useLocationContext } from '../../../app/pm-shell/useLocationContext.js';
import { locationMessages } from '../location-messages.js';
import { formatPhoneNumber } from './format-phone-number.js';
import { SelectPhoneNumberDialog } from './SelectPhoneNumberDialog.js';

/** {id}/phone-number: the location's number, or the way to get one. */
export function PhoneNumberPage() {
  const { propertyLocation: location } = useLocationContext();
  const [selecting, setSelecting] = useState(false);
  return (
    <Card title="Phone Number">
      {location.phone ? (
        <Typography.Title level={4} style={{ margin: 0 }} aria-label="Property phone number">
          {formatPhoneNumber(location.phone)}
        </Typography.Title>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Tenants text and call this number; the assistant drafts the replies.
          </Typography.Paragraph>
          <Button type="primary" onClick={() => setSelecting(true)}>
            {locationMessages.getPhoneNumber}
          </Button>
        </>
      )}
      <SelectPhoneNumberDialog locationId={location.id} open={selecting} onClose={() => setSelecting(false)} />
    </Card>
  );
}
