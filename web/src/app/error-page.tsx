import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { product } from './product.js';

const reloadPage = () => window.location.reload();

/**
 * The spec's full-page error (shown when a screen cannot load at all, and as the router's error boundary).
 * Log out goes through /logout, which ends the session at the BFF before showing the login page.
 */
export function ErrorPage({ onRefresh = reloadPage }: { onRefresh?: () => void }) {
  const navigate = useNavigate();

  const logOut = () => void navigate('/logout', { replace: true });

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
