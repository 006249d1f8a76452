import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { product } from './product.js';
import { sessionCleared } from './session-slice.js';
import { useAppDispatch } from './useAppDispatch.js';

const reloadPage = () => window.location.reload();

/**
 * The spec's full-page error (shown when a screen cannot load at all, and as the router's error boundary).
 * Log out only clears the in-memory session for now; the sign-in work will also end the session at the BFF.
 */
export function ErrorPage({ onRefresh = reloadPage }: { onRefresh?: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const logOut = () => {
    dispatch(sessionCleared());
    void navigate('/login', { replace: true });
  };

  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle={
        <Typography.Paragraph type="secondary">
          It&apos;s us, not you. Please try again in a couple of minutes or let us know about the issue
          {product.supportEmail ? (
            <>
              {' at '}
              <Typography.Link href={`mailto:${product.supportEmail}`}>{product.supportEmail}</Typography.Link>
            </>
          ) : null}
          .
        </Typography.Paragraph>
      }
      extra={[
        <Button key="refresh" type="primary" onClick={onRefresh}>
          Refresh
        </Button>,
        <Button key="logout" onClick={logOut}>
          Log out
        </Button>,
      ]}
    />
  );
}
