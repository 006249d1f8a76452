import { ExpandOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid } from 'antd';
import { useNavigate } from 'react-router';
import { ChatPanel } from './ChatPanel.js';
import { chatState } from './chat-state.js';

/** The floating chat's side panel (ChatWidget loads it when the chat is first opened). */
export default function ChatDrawer({ open, chatPagePath }: { open: boolean; chatPagePath: string }) {
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      title="Chat with AI"
      placement="right"
      size={screens.sm ? 420 : '100%'}
      open={open}
      onClose={() => chatState.setOpen(false)}
      extra={
        <Button
          icon={<ExpandOutlined />}
          onClick={() => {
            chatState.setOpen(false);
            void navigate(chatPagePath);
          }}
        >
          Full page
        </Button>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column' } }}
    >
      <ChatPanel compact />
    </Drawer>
  );
}
