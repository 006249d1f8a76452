import { Button, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useResendVerificationMutation } from '../api.js';

/**
 * Where the verification link went and one resend (spec 2.3 screen 12: a one-time state change, afterwards "Email
 * resent"): on the check-your-email screen, and on the login form when signing in before verifying answers "Email
 * not confirmed", so the person gets a new link without going back through sign-up.
 */
export function ResendVerificationOffer({ email }: { email: string }) {
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

  return (
    <>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        We sent a verification link to <Typography.Text strong>{email}</Typography.Text>. Open it to activate your account.
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {resent ? (
          <Typography.Text type="success">Email resent</Typography.Text>
        ) : (
          <>
            Didn&apos;t get it?{' '}
            <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} loading={isLoading} onClick={() => void resendOnce()}>
              Click to resend
            </Button>
          </>
        )}
      </Typography.Paragraph>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </>
  );
}
