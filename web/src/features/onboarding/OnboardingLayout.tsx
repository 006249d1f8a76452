import { Layout, theme } from 'antd';
import { Outlet } from 'react-router';
import { ProductLogo } from '../../app/shell/ProductLogo.js';

/** Onboarding runs without the app shell (spec 000 2.5): only the logo above the step. */
export function OnboardingLayout() {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: token.colorBgContainer, paddingInline: token.paddingLG, display: 'flex', alignItems: 'center' }}>
        <ProductLogo />
      </Layout.Header>
      <Layout.Content style={{ padding: token.paddingLG, width: '100%', maxWidth: 1200, margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
