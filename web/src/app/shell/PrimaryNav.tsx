import { Menu } from 'antd';
import { Link, matchPath, useLocation } from 'react-router';
import { navLinks } from './nav-links.js';

export function PrimaryNav() {
  const { pathname } = useLocation();
  const selected = navLinks.filter(({ to }) => matchPath({ path: to, end: true }, pathname)).map(({ to }) => to);

  return (
    <Menu
      mode="horizontal"
      aria-label="Main navigation"
      selectedKeys={selected}
      items={navLinks.map(({ to, label }) => ({ key: to, label: <Link to={to}>{label}</Link> }))}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
    />
  );
}
