import { Layout, Typography } from 'antd';
import { product } from '../product.js';

export function AppFooter() {
  return (
    <Layout.Footer style={{ textAlign: 'center' }}>
      <Typography.Text type="secondary">
        © {new Date().getFullYear()} {product.name}. {product.tagline}.
      </Typography.Text>
    </Layout.Footer>
  );
}
