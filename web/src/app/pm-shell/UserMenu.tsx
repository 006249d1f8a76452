import { Avatar, Button, Dropdown, Flex, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
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

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * The manager's user menu: account settings and logout. Logging out forgets the selected location (spec 000 4.1).
 * `compact` (phones) shows the initials alone; the button keeps the name.
 */
export function UserMenu({ user, compact = false }: { user: SessionUser | null; compact?: boolean }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
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
      {/* Named by the user's name as shown (WCAG 2.5.3, label in name; the initials are decoration), kept for screen
          readers when a phone shows the initials alone. */}
      <Button type="text" aria-haspopup="menu" style={{ height: 'auto', paddingBlock: 4, maxWidth: '100%' }}>
        <Flex align="center" gap="small">
          <Avatar size="small" aria-hidden style={{ backgroundColor: token.colorPrimary, flex: 'none' }}>
            {initials(user)}
          </Avatar>
          <Typography.Text ellipsis style={compact ? visuallyHidden : { maxWidth: 180 }}>
            {user?.full_name || user?.email}
          </Typography.Text>
        </Flex>
      </Button>
    </Dropdown>
  );
}
