import { App, Button, Card, Flex, Modal, Typography, theme } from 'antd';
import { useState } from 'react';
import { useLocationContext } from '../../../app/pm-shell/useLocationContext.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useReleaseLocationPhoneNumberMutation } from '../../../app/generated/portfolio-api.js';
import { locationMessages } from '../location-messages.js';
import { formatPhoneNumber } from './format-phone-number.js';
import { SelectPhoneNumberDialog } from './SelectPhoneNumberDialog.js';
import { PageTitle, SectionTitle } from '../../../app/pm-shell/PageTitle.js';

/** {id}/phone-number: the location's number with the ways to change or release it, or the way to get one. */
export function PhoneNumberPage() {
  const { propertyLocation: location } = useLocationContext();
  const { notification } = App.useApp();
  const { token } = theme.useToken();
  const [selecting, setSelecting] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [release, released] = useReleaseLocationPhoneNumberMutation();

  const confirmRelease = async () => {
    const result = await release({ id: location.id });
    if ('error' in result) {
      notification.error({ title: locationMessages.phoneReleaseFailed, description: errorMessage(result.error, '') || undefined });
      return;
    }
    notification.success({ title: locationMessages.phoneReleased });
    setReleasing(false);
  };

  return (
    <Card title={<PageTitle>Phone Number</PageTitle>}>
      {location.phone ? (
        <>
          <SectionTitle style={{ fontSize: token.fontSizeHeading4, marginBottom: token.marginXS }} aria-label="Property phone number">
            {formatPhoneNumber(location.phone)}
          </SectionTitle>
          <Typography.Paragraph type="secondary">Tenants text and call this number; the assistant drafts the replies.</Typography.Paragraph>
          <Flex gap={8} wrap>
            <Button onClick={() => setSelecting(true)}>{locationMessages.changePhoneNumber}</Button>
            <Button danger onClick={() => setReleasing(true)}>
              {locationMessages.releasePhoneNumber}
            </Button>
          </Flex>
          <Modal
            open={releasing}
            title="Release this phone number?"
            okText={locationMessages.releasePhoneNumber}
            okButtonProps={{ danger: true, loading: released.isLoading }}
            cancelButtonProps={{ disabled: released.isLoading }}
            onOk={() => void confirmRelease()}
            onCancel={() => setReleasing(false)}
            destroyOnHidden
          >
            <Typography.Paragraph>
              {formatPhoneNumber(location.phone)} is given back to the phone provider. Texts and calls to it will no longer
              reach {location.name || location.address_text}, and you may not be able to get the same number again.
            </Typography.Paragraph>
          </Modal>
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">Tenants text and call this number; the assistant drafts the replies.</Typography.Paragraph>
          <Button type="primary" onClick={() => setSelecting(true)}>
            {locationMessages.getPhoneNumber}
          </Button>
        </>
      )}
      <SelectPhoneNumberDialog location={location} open={selecting} onClose={() => setSelecting(false)} />
    </Card>
  );
}
