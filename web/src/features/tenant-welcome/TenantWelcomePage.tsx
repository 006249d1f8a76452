import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage, errorStatus } from '../../lib/http/error-message.js';
import { useGetTenantWelcomeQuery } from '../../app/generated/portfolio-api.js';

/** A +1XXXXXXXXXX number as people read it: (213) 555-0123. */
function readablePhone(phone: string): string {
  const digits = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return digits ? `(${digits[1]}) ${digits[2]}-${digits[3]}` : phone;
}

/**
 * Where a tenant's invitation e-mail leads (/welcome/:token). Tenants need no account: the page tells them how to
 * reach their property; creating a resident account is offered, never required, on the sign-up page with the
 * invitation's e-mail address (from the link's `email` parameter) and the resident account type filled in.
 */
export function TenantWelcomePage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const { data, error, isLoading } = useGetTenantWelcomeQuery({ token });

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (error || !data) {
    return (
      <Flex vertical gap="large" style={{ maxWidth: 640, margin: '0 auto' }}>
        <Typography.Title level={1}>Welcome</Typography.Title>
        <Alert
          type="warning"
          showIcon
          title={errorStatus(error) === 404 ? errorMessage(error, '') : 'Your invitation could not be loaded. Please try again later.'}
          description="Ask your property manager to send you a new invitation."
        />
      </Flex>
    );
  }

  const { first_name: firstName, property_name: name, property_address: address, property_phone: phone, property_email: email } = data;
  const invitedEmail = search.get('email');
  const signUp = `/signup?${new URLSearchParams({ ...(invitedEmail ? { email: invitedEmail } : {}), account_type: 'resident' }).toString()}`;
  return (
    <Flex vertical gap="large" style={{ maxWidth: 640, margin: '0 auto' }}>
      <Typography.Title level={1}>{firstName ? `Welcome, ${firstName}` : 'Welcome'}</Typography.Title>
      <Card title={name}>
        <Flex vertical gap="small">
          <Typography.Text>{address}</Typography.Text>
          {phone ? (
            <Typography.Text>
              Phone: <Typography.Link href={`tel:${phone}`}>{readablePhone(phone)}</Typography.Link>
            </Typography.Text>
          ) : null}
          {email ? (
            <Typography.Text>
              E-mail: <Typography.Link href={`mailto:${email}`}>{email}</Typography.Link>
            </Typography.Text>
          ) : null}
          <Flex gap="small" wrap>
            {phone ? <Button href={`sms:${phone}`}>Text the property</Button> : null}
            {phone ? <Button href={`tel:${phone}`}>Call the property</Button> : null}
            {email ? <Button href={`mailto:${email}`}>E-mail the property</Button> : null}
          </Flex>
        </Flex>
      </Card>
      <Card title="You do not need an account">
        <Typography.Paragraph>
          Text, call or e-mail your property at any time to ask a question, report a maintenance issue or get help with your
          lease. Your property manager answers you there.
        </Typography.Paragraph>
        <Typography.Paragraph>
          If you like, you can create a resident account to keep your conversations and documents in one place.
        </Typography.Paragraph>
        <Link to={signUp}>Create a resident account</Link>
      </Card>
    </Flex>
  );
}
