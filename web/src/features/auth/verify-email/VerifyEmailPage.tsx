import { Result, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useAppDispatch } from '../../../app/useAppDispatch.js';
import { signOut } from '../session/session-thunks.js';
import { ResendVerificationOffer } from './ResendVerificationOffer.js';

/**
 * Spec 2.3 screen 12: where the link went, one resend (a one-time state change: afterwards "Email resent"), and
 * a way to the login page that signs out first, so an anonymous or stale session does not bounce it.
 */
export function VerifyEmailPage() {
  const { email = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const goToLogin = async () => {
    await dispatch(signOut());
    await navigate('/login');
  };

  return (
    <Result
      status="info"
      title="Check your email"
      subTitle={<ResendVerificationOffer email={email} />}
      extra={<Typography.Link onClick={() => void goToLogin()}>Go to login</Typography.Link>}
    />
  );
}
