import { theme } from 'antd';
import { Outlet } from 'react-router';
import './public-shell.css';
import { AppFooter } from './AppFooter.js';
import { AppHeader } from './AppHeader.js';

/**
 * The public layout: header with product and navigation, the page, footer. The elements and styles of antd's Layout
 * (public-shell.css), without Layout itself, whose code carries the manager shell's collapsible sider along into every
 * public page's first download. The wrapper is a div, as antd's: inside a section the header and footer would no longer
 * be the page's banner and contentinfo landmarks.
 */
export function AppShell() {
  const { token } = theme.useToken();
  return (
    <div className="pm-public-layout">
      <AppHeader />
      <main className="pm-public-content" style={{ padding: token.paddingLG, width: '100%', maxWidth: 1200, margin: '0 auto' }}>
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
