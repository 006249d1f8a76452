import { Flex } from 'antd';
import { Link } from 'react-router';
import { product } from '../product.js';

export function ProductLogo() {
  return (
    <Link to="/" aria-label={`${product.name} home`} style={{ display: 'inline-flex' }}>
      <Flex align="center" gap="small">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <strong className="pm-product-name">{product.name}</strong>
      </Flex>
    </Link>
  );
}
