import { Drawer, Flex } from 'antd';
import { AccountActions } from './AccountActions.js';
import { PrimaryNav } from './PrimaryNav.js';

/** The public header's menu on narrow screens: the navigation and account actions in a drawer from the right. */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer title="Menu" placement="right" size={300} open={open} onClose={onClose}>
      <Flex vertical gap="large">
        <PrimaryNav vertical onNavigate={onClose} />
        <AccountActions vertical onNavigate={onClose} />
      </Flex>
    </Drawer>
  );
}
