import { App, Button, Card, Typography, theme } from 'antd';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useGenerateLocationEmailAddressMutation } from '../../../app/generated/portfolio-api.js';
import { locationMessages } from '../location-messages.js';
import { useLocationContext } from '../../../app/pm-shell/useLocationContext.js';
import { PageTitle, SectionTitle } from '../../../app/pm-shell/PageTitle.js';

/** {id}/email-address: the location's generated address (attachments sent to it land in its documents), or Generate. */
export function EmailAddressPage() {
  const { propertyLocation: location } = useLocationContext();
  const { notification } = App.useApp();
  const { token } = theme.useToken();
  const [generate, { isLoading }] = useGenerateLocationEmailAddressMutation();

  const onGenerate = async () => {
    const result = await generate({ id: location.id });
    if ('error' in result) {
      notification.error({ title: locationMessages.emailGenerateFailed, description: errorMessage(result.error, '') || undefined });
    }
  };

  return (
    <Card title={<PageTitle>Email Address</PageTitle>}>
      {location.email ? (
        <SectionTitle style={{ fontSize: token.fontSizeHeading4 }} copyable aria-label="Property email address">
          {location.email}
        </SectionTitle>
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
