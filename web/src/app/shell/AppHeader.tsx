import { Flex, Layout, theme } from 'antd';
import { AccountActions } from './AccountActions.js';
import { PrimaryNav } from './PrimaryNav.js';
import { ProductLogo } from './ProductLogo.js';

export function AppHeader() {
  const { token } = theme.useToken();
  return (
    <Layout.Header style={{ background: token.colorBgContainer, paddingInline: token.paddingLG }}>
      <Flex align="center" gap="large" style={{ height: '100%' }}>
        <ProductLogo />
        <PrimaryNav />
        <AccountActions />
      </Flex>
    </Layout.Header>
  );
}
