import type { ConversationView } from '@pm/contracts';
import { Alert, App, Badge, Button, Card, Empty, Flex, Space, Spin, Tag, Typography } from 'antd';
import { LinkButton } from '../LinkButton.js';
import { conversationTexts } from './conversation-texts.js';
import { useArchiveVendorConversationMutation, useListVendorConversationsQuery } from '../generated/messaging-api.js';
import { INBOX_POLL_MS } from './inbox-poll.js';

/**
 * Inbound Messages' Vendors tab (spec 001 §2, §7 GET conversation/vendor polled every 30 s): the location's vendor
 * conversations, most recently active first, each with its last message, its state (done once archived) and the
 * way to answer it (the Conversations page) or archive it.
 */
export function VendorConversationsList({ locationId }: { locationId: string }) {
  const conversations = useListVendorConversationsQuery({ location_id: locationId, limit: 100 }, { pollingInterval: INBOX_POLL_MS });
  if (conversations.isLoading) return <Spin description="Loading…" />;
  if (conversations.isError || !conversations.data) return <Alert type="error" showIcon title={conversationTexts.vendorListFailed} />;
  if (conversations.data.items.length === 0) return <Empty description={conversationTexts.noVendorConversations} />;
  return (
    <Flex vertical gap="middle">
      {conversations.data.items.map((conversation) => (
        <VendorConversationCard key={conversation.id} conversation={conversation} />
      ))}
    </Flex>
  );
}

function VendorConversationCard({ conversation }: { conversation: ConversationView }) {
  const { notification } = App.useApp();
  const [archive, archiving] = useArchiveVendorConversationMutation();
  const phone = conversation.participants[0]?.phoneNumber;
  const onArchive = async () => {
    try {
      const answer = await archive({ conversation_sid: conversation.id }).unwrap();
      notification.success({ title: answer.message });
    } catch {
      notification.error({ title: conversationTexts.archiveFailed });
    }
  };
  return (
    <article aria-label={`Vendor conversation with ${conversation.friendly_name}`}>
      <Card
        size="small"
        title={
          <Space wrap>
            <Tag>Vendor</Tag>
            <Typography.Text strong>{conversation.friendly_name}</Typography.Text>
            {phone ? <Typography.Text type="secondary">{phone}</Typography.Text> : null}
            <Badge count={conversation.unread_count} aria-label={`${conversation.unread_count} unread`} />
          </Space>
        }
        extra={<Tag color={conversation.archived ? 'default' : 'processing'}>{conversation.archived ? 'Archived' : 'Needs response'}</Tag>}
      >
        <Flex vertical gap="small">
          {conversation.last_message ? (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {conversation.last_message.message}
              <Typography.Text type="secondary">
                {' · '}
                <time dateTime={conversation.last_message.created_at}>{new Date(conversation.last_message.created_at).toLocaleString()}</time>
              </Typography.Text>
            </Typography.Paragraph>
          ) : null}
          <Space>
            <LinkButton type="primary" to={`/property-manager/conversations/${conversation.id}`}>
              Open conversation
            </LinkButton>
            {conversation.archived ? null : (
              <Button onClick={() => void onArchive()} loading={archiving.isLoading}>
                Archive
              </Button>
            )}
          </Space>
        </Flex>
      </Card>
    </article>
  );
}
