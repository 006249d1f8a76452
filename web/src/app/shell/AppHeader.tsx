import { Button, Drawer, Flex, Layout, theme } from 'antd';
import { useState } from 'react';
import { AccountActions } from './AccountActions.js';
import { PrimaryNav } from './PrimaryNav.js';
import { ProductLogo } from './ProductLogo.js';

export function AppHeader() {
  const { token } = theme.useToken();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <Layout.Header style={{ background: token.colorBgContainer, paddingInline: token.paddingLG }}>
      <Flex align="center" gap="large" style={{ height: '100%' }}>
        <ProductLogo />
        <div className="pm-public-header-inline">
          <PrimaryNav />
          <AccountActions />
        </div>
        <Button className="pm-public-header-menu-button" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
          Menu
        </Button>
      </Flex>
      <Drawer title="Menu" placement="right" size={300} open={menuOpen} onClose={closeMenu}>
        <Flex vertical gap="large">
          <PrimaryNav vertical onNavigate={closeMenu} />
          <AccountActions vertical onNavigate={closeMenu} />
        </Flex>
      </Drawer>
    </Layout.Header>
  );
}
