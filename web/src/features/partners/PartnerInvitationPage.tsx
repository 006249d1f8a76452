import { Alert, App, Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { selectIsRegistered } from '../../app/session-slice.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { useGuardedSubmit } from '../../lib/forms/useGuardedSubmit.js';
import { errorMessage, errorStatus } from '../../lib/http/error-message.js';
import { useAcceptPartnerInvitationMutation, useDeclinePartnerInvitationMutation, useGetPartnerInvitationQuery } from '../../app/generated/portfolio-api.js';
import { partnerRoleLabel } from './partner.js';

const pageStyle = { maxWidth: 640, margin: '0 auto' } as const;

/**
 * Where a partner invitation e-mail leads (/partner-invitation/:token?email=…). Only the account signed in with the
 * invited address may see and answer it: a visitor without an account session is offered to log in or to sign up,
 * with the address from the link filled in, and is brought back here after logging in (after sign-up: once the address
 * is verified and they log in).
 */
export function PartnerInvitationPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const isRegistered = useAppSelector(selectIsRegistered);
  const invitedEmail = search.get('email');

  return (
    <Flex vertical gap="large" style={pageStyle}>
      <Typography.Title level={1}>Property invitation</Typography.Title>
      {isRegistered ? <InvitationAnswer token={token} /> : <SignInFirst token={token} invitedEmail={invitedEmail} search={search.toString()} />}
    </Flex>
  );
}

function SignInFirst({ token, invitedEmail, search }: { token: string; invitedEmail: string | null; search: string }) {
  // Both ways carry this page as ?redirect=: the auth screens save it, so logging in, or signing up, verifying the
  // address and then logging in, comes back here.
  const here = `/partner-invitation/${encodeURIComponent(token)}${search ? `?${search}` : ''}`;
  const query = `?${new URLSearchParams({ ...(invitedEmail ? { email: invitedEmail } : {}), redirect: here }).toString()}`;
  return (
    <Card>
      <Flex vertical gap="middle">
        <Typography.Paragraph>
          You have been invited to work on a property. To see the invitation and accept it, log in
          {invitedEmail ? (
            <>
              {' '}
              with <Typography.Text strong>{invitedEmail}</Typography.Text>
            </>
          ) : null}
          .
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          No account yet? Create one with this e-mail address. After you verify it and log in, you come back to this invitation.
        </Typography.Paragraph>
        <Flex gap="small" wrap>
          <Link to={`/login${query}`}>
            <Button type="primary">Log in</Button>
          </Link>
          <Link to={`/signup${query}`}>
            <Button>Create an account</Button>
          </Link>
        </Flex>
      </Flex>
    </Card>
  );
}

function InvitationAnswer({ token }: { token: string }) {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const invitation = useGetPartnerInvitationQuery({ token });
  const [accept, accepting] = useAcceptPartnerInvitationMutation();
  const [decline, declining] = useDeclinePartnerInvitationMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);

  const answer = useGuardedSubmit(async (choice: 'accept' | 'decline') => {
    setFailure(null);
    try {
      if (choice === 'accept') {
        const { location_id: locationId } = await accept({ token }).unwrap();
        notification.success({ title: 'Invitation accepted' });
        await navigate(`/property-manager/property-locations/${encodeURIComponent(locationId)}`, { replace: true });
      } else {
        await decline({ token }).unwrap();
        setDeclined(true);
      }
    } catch (error) {
      setFailure(errorMessage(error, 'The invitation could not be answered. Please try again.'));
    }
  });

  if (declined) return <Result status="info" title="Invitation declined" subTitle="You will not get access to this property. You can close this page." />;
  if (invitation.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (invitation.error || !invitation.data) {
    const status = errorStatus(invitation.error);
    return (
      <Alert
        type="warning"
        showIcon
        title={status === 403 || status === 404 ? errorMessage(invitation.error, '') : 'The invitation could not be loaded. Please try again later.'}
        description={status === 404 ? 'Ask the person who invited you to send a new invitation.' : undefined}
      />
    );
  }

  const { location_name: name, location_address: address, role, inviter_email: inviter, expires_at: expiresAt } = invitation.data;
  const expires = new Date(expiresAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <Card title={name}>
      <Flex vertical gap="middle">
        <Typography.Text>{address}</Typography.Text>
        <Typography.Paragraph>
          {inviter ? `${inviter} invited you` : 'You are invited'} to join this property as <Typography.Text strong>{partnerRoleLabel(role)}</Typography.Text>.
          Accepting gives you access to it in your property list. The invitation is valid until {expires}.
        </Typography.Paragraph>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        <Flex gap="small" wrap>
          <Button type="primary" loading={accepting.isLoading} disabled={declining.isLoading} onClick={() => answer('accept')}>
            Accept invitation
          </Button>
          <Button loading={declining.isLoading} disabled={accepting.isLoading} onClick={() => answer('decline')}>
            Decline
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
