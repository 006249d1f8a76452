import { Flex, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { AccountActions } from './AccountActions.js';
import { PlainButton } from './PlainButton.js';
import { PrimaryNav } from './PrimaryNav.js';
import { ProductLogo } from './ProductLogo.js';

// The drawer's code comes with the first press of Menu (a phone's), not with every public page.
const MenuDrawer = lazy(() => import('./MenuDrawer.js'));

export function AppHeader() {
  const { token } = theme.useToken();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };

  return (
    <header className="pm-public-header" style={{ background: token.colorBgContainer, paddingInline: token.paddingLG }}>
      <Flex align="center" gap="large" style={{ height: '100%' }}>
        <ProductLogo />
        <div className="pm-public-header-inline">
          <PrimaryNav />
          <AccountActions />
        </div>
        <PlainButton className="pm-public-header-menu-button" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={openMenu}>
          Menu
        </PlainButton>
      </Flex>
      {menuUsed ? (
        <Suspense fallback={null}>
          <MenuDrawer open={menuOpen} onClose={closeMenu} />
        </Suspense>
      ) : null}
    </header>
  );
}
