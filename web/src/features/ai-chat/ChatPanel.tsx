import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { ManagerChatType } from '@pm/contracts';
import { usePropertyManagerContext } from '../../app/pm-shell/usePropertyManagerContext.js';
import { ChatConversation } from './ChatConversation.js';
import { chatState, useChatState } from './chat-state.js';

export const ADD_FIRST_PROPERTY_PATH = '/property-manager/property-locations/create';

/**
 * The chat with its General and Documents tabs, shared by the widget and the full page. A manager without a property
 * location gets the welcome panel instead (spec 001 "Chat with AI"): the chat knows nothing yet.
 */
export function ChatPanel({ compact }: { compact?: boolean }) {
  const navigate = useNavigate();
  // The shell's own data (RTK Query answers it from the cache): the widget sits outside the page's outlet.
  const shell = usePropertyManagerContext();
  const { activeTab } = useChatState();
  const locationId = shell.selectedLocation?.id ?? null;

  if (!shell.locationsLoading && shell.locations.length === 0) {
    return (
      <Flex vertical gap="middle" align="start" role="region" aria-label="Welcome">
        <Typography.Text strong>Welcome! Let&apos;s set up your first property</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          The assistant answers questions about your properties, units, tenants, leases and knowledge base. Add a property to start.
        </Typography.Paragraph>
        <Button type="primary" onClick={() => void navigate(ADD_FIRST_PROPERTY_PATH)}>
          Add Your First Property
        </Button>
      </Flex>
    );
  }

  const tab = (type: ManagerChatType, label: string) => ({
    key: type,
    label,
    children: <ChatConversation chatType={type} locationId={locationId} compact={compact} />,
  });
  // "New chat" sits beside the tabs, not in their bar: a tab list may hold nothing but tabs (axe aria-required-children).
  return (
    <Flex vertical>
      <Flex justify="end">
        <Button size="small" icon={<PlusOutlined />} onClick={() => chatState.openSession(activeTab, undefined)}>
          New chat
        </Button>
      </Flex>
      <Tabs activeKey={activeTab} onChange={(key) => chatState.setTab(key as ManagerChatType)} items={[tab('general', 'General'), tab('documents', 'Documents')]} />
    </Flex>
  );
}
