import { Alert, Result, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAppDispatch } from '../../../app/useAppDispatch.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useResendVerificationMutation } from '../api.js';
import { signOut } from '../session/session-thunks.js';

/**
 * Spec 2.3 screen 12: where the link went, one resend (a one-time state change: afterwards "Email resent"), and
 * a way to the login page that signs out first, so an anonymous or stale session does not bounce it.
 */
export function VerifyEmailPage() {
  const { email = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const resendOnce = async () => {
    if (resent || isLoading) return;
    setError(null);
    const result = await resend({ email });
    if ('error' in result) setError(errorMessage(result.error, 'Failed to resend email'));
    else setResent(true);
  };

  const goToLogin = async () => {
    await dispatch(signOut());
    await navigate('/login');
  };

  return (
    <Result
      status="info"
      title="Check your email"
      subTitle={
        <>
          <Typography.Paragraph>
            We sent a verification link to <Typography.Text strong>{email}</Typography.Text>. Open it to activate your account.
          </Typography.Paragraph>
          <Typography.Paragraph>
            {resent ? (
              <Typography.Text type="success">Email resent</Typography.Text>
            ) : (
              <>
                Didn&apos;t get it? <Typography.Link onClick={() => void resendOnce()}>Click to resend</Typography.Link>
              </>
            )}
          </Typography.Paragraph>
          {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
        </>
      }
      extra={<Typography.Link onClick={() => void goToLogin()}>Go to login</Typography.Link>}
    />
  );
}
