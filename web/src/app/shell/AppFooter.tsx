import { Flex } from 'antd';
import { Link } from 'react-router';
import { product } from '../product.js';
import { footerLinks } from './nav-links.js';

export function AppFooter() {
  return (
    <footer className="pm-public-footer" style={{ textAlign: 'center' }}>
      <Flex vertical gap="small" align="center">
        <nav aria-label="Legal">
          <Flex gap="large" wrap justify="center">
            {footerLinks.map(({ to, label }) => (
              <Link key={to} to={to}>
                {label}
              </Link>
            ))}
          </Flex>
        </nav>
        <span className="pm-muted">
          © {new Date().getFullYear()} {product.name}. {product.tagline}.
        </span>
      </Flex>
    </footer>
  );
}
