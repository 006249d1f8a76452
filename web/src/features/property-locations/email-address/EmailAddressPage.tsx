import { App, Button, Card, Typography } from 'antd';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useGenerateLocationEmailAddressMutation } from '../api.js';
import { locationMessages } from '../location-messages.js';
import { useLocationContext } from '../../../app/pm-shell/useLocationContext.js';

/** {id}/email-address: the location's generated address (attachments sent to it land in its documents), or Generate. */
export function EmailAddressPage() {
  const { propertyLocation: location } = useLocationContext();
  const { notification } = App.useApp();
  const [generate, { isLoading }] = useGenerateLocationEmailAddressMutation();

  const onGenerate = async () => {
    const result = await generate(location.id);
    if ('error' in result) {
      notification.error({ title: locationMessages.emailGenerateFailed, description: errorMessage(result.error, '') || undefined });
    }
  };

  return (
    <Card title="Email Address">
      {location.email ? (
        <Typography.Title level={4} style={{ margin: 0 }} copyable aria-label="Property email address">
          {location.email}
        </Typography.Title>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Give this property its own e-mail address: attachments sent to it are saved to the property&apos;s documents.
          </Typography.Paragraph>
          <Button type="primary" loading={isLoading} onClick={() => void onGenerate()}>
            {locationMessages.generateEmail}
          </Button>
        </>
      )}
    </Card>
  );
}
