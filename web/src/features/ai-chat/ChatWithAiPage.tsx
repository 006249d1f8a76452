import { DeleteOutlined } from '@ant-design/icons';
import type { ManagerChatSession } from '@pm/contracts';
import { App, Button, Card, Empty, Flex, List, Popconfirm, Tag, Typography } from 'antd';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { useDeleteChatSessionMutation, useListChatSessionsQuery } from '../../app/generated/assistant-api.js';
import { ChatPanel } from './ChatPanel.js';
import { chatState, useChatState } from './chat-state.js';

/** /property-manager/chat-with-ai: the chat on a whole page, beside the user's earlier sessions. */
export function ChatWithAiPage() {
  return (
    <Flex vertical gap="middle" style={{ minWidth: 0 }}>
      <PageTitle>Chat with AI</PageTitle>
      <Flex wrap gap="middle" align="start" style={{ minWidth: 0 }}>
        <Card title="Your chats" size="small" style={{ flex: '1 1 260px', maxWidth: '100%', minWidth: 0 }}>
          <SessionList />
        </Card>
        <Card size="small" style={{ flex: '3 1 340px', maxWidth: '100%', minWidth: 0 }}>
          <ChatPanel />
        </Card>
      </Flex>
    </Flex>
  );
}

function SessionList() {
  const { notification } = App.useApp();
  const { sessionIds } = useChatState();
  const sessions = useListChatSessionsQuery({ limit: 50 });
  const [deleteSession] = useDeleteChatSessionMutation();
  const current = new Set(Object.values(sessionIds));

  if (sessions.isError) return <Typography.Text type="danger">Failed to fetch chats.</Typography.Text>;
  if (!sessions.isLoading && (sessions.data?.items.length ?? 0) === 0) return <Empty description="No chats yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />;

  const remove = async (session: ManagerChatSession) => {
    const result = await deleteSession({ id: session.id });
    if ('error' in result) notification.error({ title: 'Failed to delete chat' });
    else chatState.forget(session.id);
  };

  return (
    <List
      aria-label="Your chats"
      loading={sessions.isLoading}
      dataSource={sessions.data?.items ?? []}
      renderItem={(session) => (
        <List.Item
          actions={[
            <Popconfirm key="delete" title="Delete this chat?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void remove(session)}>
              <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`Delete chat ${session.title}`} />
            </Popconfirm>,
          ]}
        >
          <Button
            type={current.has(session.id) ? 'link' : 'text'}
            aria-current={current.has(session.id) ? 'true' : undefined}
            onClick={() => chatState.openSession(session.chat_type, session.id)}
            style={{ height: 'auto', whiteSpace: 'normal', textAlign: 'start', padding: 0, minWidth: 0 }}
          >
            <Flex vertical align="start" style={{ minWidth: 0 }}>
              <span style={{ overflowWrap: 'anywhere' }}>{session.title}</span>
              <span>
                <Tag style={{ marginInlineEnd: 4 }}>{session.chat_type === 'general' ? 'General' : 'Documents'}</Tag>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {new Date(session.updated_at).toLocaleString()}
                </Typography.Text>
              </span>
            </Flex>
          </Button>
        </List.Item>
      )}
    />
  );
}
