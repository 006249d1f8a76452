import { NavLink } from 'react-router';
import { isSpecialHost, isSpecialHostPublicPath } from '../special-host.js';
import { navLinks } from './nav-links.js';

/**
 * The public navigation as plain links (NavLink marks the current page with aria-current), in a row or a column; on
 * the special host only the links to its own public routes.
 */
export function PrimaryNav({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main navigation" className={vertical ? 'pm-public-nav pm-public-nav-vertical' : 'pm-public-nav'}>
      {navLinks
        .filter(({ to }) => !isSpecialHost() || isSpecialHostPublicPath(to))
        .map(({ to, label }) => (
        <NavLink key={to} to={to} end onClick={onNavigate}>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
