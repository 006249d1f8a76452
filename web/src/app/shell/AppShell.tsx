import { Layout, theme } from 'antd';
import { Outlet } from 'react-router';
import './public-shell.css';
import { AppFooter } from './AppFooter.js';
import { AppHeader } from './AppHeader.js';

/** The public layout: header with product and navigation, the page, footer. */
export function AppShell() {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout.Content style={{ padding: token.paddingLG, width: '100%', maxWidth: 1200, margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
