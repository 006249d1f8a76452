import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { product } from '../../app/product.js';

export function HomePage() {
  return (
    <Flex vertical align="center" gap="middle" style={{ textAlign: 'center', padding: '64px 0' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        {product.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 18, maxWidth: 640 }}>
        {product.tagline}
      </Typography.Paragraph>
      <Link to="/status">See the platform status</Link>
    </Flex>
  );
}
