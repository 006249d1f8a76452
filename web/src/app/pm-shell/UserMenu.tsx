import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../session-slice.js';
import { forgetSelectedLocation } from './selected-location.js';

function initials(user: SessionUser | null): string {
  const source = user?.full_name?.trim() || user?.email || '?';
  return source
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The manager's user menu: account settings and logout. Logging out forgets the selected location (spec 000 4.1). */
export function UserMenu({ user }: { user: SessionUser | null }) {
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'account', label: 'Account settings' },
          { type: 'divider' },
          { key: 'logout', label: 'Logout' },
        ],
        onClick: ({ key }) => {
          if (key === 'account') void navigate('/property-manager/account/contact');
          if (key === 'logout') {
            forgetSelectedLocation();
            void navigate('/logout');
          }
        },
      }}
    >
      <Button type="text" aria-label="User menu" style={{ height: 'auto', paddingBlock: 4 }}>
        <Flex align="center" gap="small">
          <Avatar size="small">{initials(user)}</Avatar>
          <Typography.Text ellipsis style={{ maxWidth: 180 }}>
            {user?.full_name || user?.email}
          </Typography.Text>
        </Flex>
      </Button>
    </Dropdown>
  );
}
