import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { ProductLogo } from '../shell/ProductLogo.js';

/** The sidebar's navigation on a phone (below 768 px), in a drawer from the left; the shell loads it on a phone only. */
export default function NavigationDrawer({ width, open, onClose, children }: { width: number; open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer placement="left" size={width} open={open} onClose={onClose} title={<ProductLogo />} styles={{ body: { padding: 0 } }}>
      {children}
    </Drawer>
  );
}
