import { NavLink } from 'react-router';
import { navLinks } from './nav-links.js';

/** The public navigation as plain links (NavLink marks the current page with aria-current), in a row or a column. */
export function PrimaryNav({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main navigation" className={vertical ? 'pm-public-nav pm-public-nav-vertical' : 'pm-public-nav'}>
      {navLinks.map(({ to, label }) => (
        <NavLink key={to} to={to} end onClick={onNavigate}>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
