import { CloseCircleFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { useNavigate } from 'react-router';
import { product } from './product.js';
import { PlainButton } from './shell/PlainButton.js';

const reloadPage = () => window.location.reload();

/**
 * The spec's full-page error (shown when a screen cannot load at all, and as the router's error boundary).
 * Log out goes through /logout, which ends the session at the BFF before showing the login page.
 *
 * It is laid out as antd's `Result` with status "error" (icon, title, subtitle, buttons) from the theme's tokens rather
 * than with `Result` itself: the error boundary is in every page's first download, and `Result` brings its 404, 403
 * and 500 illustrations and Typography's text editing and copying along.
 */
export function ErrorPage({ onRefresh = reloadPage }: { onRefresh?: () => void }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();

  const logOut = () => void navigate('/logout', { replace: true });

  return (
    <Flex vertical align="center" style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px`, textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: typeof token.fontSizeHeading3 === 'number' ? token.fontSizeHeading3 * 3 : `calc(${token.fontSizeHeading3} * 3)`, color: token.colorError, marginBottom: token.paddingLG }} />
      <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, marginBlock: token.marginXS }}>
        Something went wrong
      </div>
      <p style={{ color: token.colorTextSecondary, margin: '0 0 1em' }}>
        It&apos;s us, not you. Please try again in a couple of minutes or let us know about the issue
        {product.supportEmail ? (
          <>
            {' at '}
            <a href={`mailto:${product.supportEmail}`} style={{ color: token.colorLink }}>
              {product.supportEmail}
            </a>
          </>
        ) : null}
        .
      </p>
      <Flex gap={token.paddingXS} justify="center" style={{ marginTop: token.paddingLG }}>
        <PlainButton type="primary" onClick={onRefresh}>
          Refresh
        </PlainButton>
        <PlainButton onClick={logOut}>Log out</PlainButton>
      </Flex>
    </Flex>
  );
}
