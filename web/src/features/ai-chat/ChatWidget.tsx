import { ExpandOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Drawer, FloatButton, Grid } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ChatPanel } from './ChatPanel.js';
import { chatState, useChatState } from './chat-state.js';
import { useChatStream } from './useChatStream.js';

export const CHAT_PAGE_PATH = '/property-manager/chat-with-ai';

/**
 * The floating chat (spec 001 "Chat with AI"): a button at the bottom right of every manager page, with the count of
 * answers that arrived while it was closed, opening the chat in a side panel. On the full chat page it is not shown
 * (the page is the same chat), but it follows the user's chat stream there too.
 */
export function ChatWidget() {
  const { isOpen, unreadCount, sessionIds } = useChatState();
  const { pathname } = useLocation();
  // A manager who has not used the chat in this tab keeps no connection open for it: the stream is followed once the
  // chat is open, on its page, or has a conversation here whose answers other tabs may add to.
  const onChatPage = pathname === CHAT_PAGE_PATH;
  useChatStream(isOpen || onChatPage || Object.keys(sessionIds).length > 0, !onChatPage);
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  if (onChatPage) return null;

  return (
    <>
      {isOpen ? null : (
        <FloatButton
          type="primary"
          data-tour="chat"
          icon={<MessageOutlined />}
          aria-label={unreadCount > 0 ? `Open AI chat, ${unreadCount} unread` : 'Open AI chat'}
          tooltip="Chat with AI"
          badge={{ count: unreadCount }}
          onClick={() => chatState.setOpen(true)}
        />
      )}
      <Drawer
        title="Chat with AI"
        placement="right"
        size={screens.sm ? 420 : '100%'}
        open={isOpen}
        onClose={() => chatState.setOpen(false)}
        extra={
          <Button
            icon={<ExpandOutlined />}
            onClick={() => {
              chatState.setOpen(false);
              void navigate(CHAT_PAGE_PATH);
            }}
          >
            Full page
          </Button>
        }
        styles={{ body: { display: 'flex', flexDirection: 'column' } }}
      >
        <ChatPanel compact />
      </Drawer>
    </>
  );
}
