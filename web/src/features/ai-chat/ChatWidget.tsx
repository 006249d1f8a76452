import { MessageOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { chatState, useChatState } from './chat-state.js';
import { useChatStream } from './useChatStream.js';

// The panel (the conversation, its tabs and input) loads when the chat is first opened: most visits to a manager page
// never open it, and every manager page shows the button.
const ChatDrawer = lazy(() => import('./ChatDrawer.js'));

export const CHAT_PAGE_PATH = '/property-manager/chat-with-ai';

/**
 * The floating chat (spec 001 "Chat with AI"): a button at the bottom right of every manager page, with the count of
 * answers that arrived while it was closed, opening the chat in a side panel (its code loads on the first opening). On
 * the full chat page it is not shown (the page is the same chat), but it follows the user's chat stream there too.
 */
export function ChatWidget() {
  const { isOpen, unreadCount, sessionIds } = useChatState();
  const { pathname } = useLocation();
  // A manager who has not used the chat in this tab keeps no connection open for it: the stream is followed once the
  // chat is open, on its page, or has a conversation here whose answers other tabs may add to.
  const onChatPage = pathname === CHAT_PAGE_PATH;
  useChatStream(isOpen || onChatPage || Object.keys(sessionIds).length > 0, !onChatPage);
  // Once opened, the panel stays mounted (closed) as antd's Drawer keeps it, so a reopened chat keeps its scroll.
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
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
      {opened ? (
        <Suspense fallback={null}>
          <ChatDrawer open={isOpen} chatPagePath={CHAT_PAGE_PATH} />
        </Suspense>
      ) : null}
    </>
  );
}
