import { conversationLimits, CreateGroupConversation, outboundLimits, SendConversationMessage, type ConversationView } from '@pm/contracts';
import { Alert, App, Badge, Button, Card, Empty, Flex, Form, Input, List, Modal, Space, Spin, Tag, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { conversationTexts } from '../../app/messaging/conversation-texts.js';
import { useArchiveConversationMutation, useCreateGroupConversationMutation, useGetConversationQuery, useListConversationsQuery, useSendConversationMessageMutation, useListSessionMessagesQuery, useMarkMessageSessionReadMutation } from '../../app/generated/messaging-api.js';
import { INBOX_POLL_MS } from '../../app/messaging/inbox-poll.js';
import { MessageBubble } from '../../app/messaging/SessionThread.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { listPaneStyle, threadPaneStyle } from '../../app/messaging/two-panes.js';
import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';
import { usePropertyManagerContext } from '../../app/pm-shell/usePropertyManagerContext.js';
import { contractListRules, contractRules } from '../../lib/forms/contract-rules.js';

const LIST_PAGE = 100;
const EARLIER_PAGE = 50;
const basePath = '/property-manager/conversations';

/**
 * Conversations (spec 001 §2; routes conversations and conversations/{id}): the location's vendor and group
 * conversations, most recently active first, the open one's thread with its send box and Archive, and the Create
 * Conversation dialog for a group.
 */
export function ConversationsPage() {
  return <SelectedLocationGate title="Conversations">{(locationId) => <Conversations key={locationId} locationId={locationId} />}</SelectedLocationGate>;
}

function Conversations({ locationId }: { locationId: string }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { selectedLocation } = usePropertyManagerContext();
  const [creating, setCreating] = useState(false);
  const conversations = useListConversationsQuery({ location_id: locationId, limit: LIST_PAGE }, { pollingInterval: INBOX_POLL_MS });

  return (
    <Card
      title={<PageTitle>Conversations</PageTitle>}
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          Create Conversation
        </Button>
      }
      styles={{ body: { padding: 0 } }}
    >
      <Flex wrap style={{ minHeight: 480 }}>
        <nav aria-label="Conversation list" style={{ ...listPaneStyle, borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, padding: token.paddingSM }}>
          {conversations.isLoading ? <Spin description="Loading…" /> : null}
          {conversations.isError ? <Alert type="error" showIcon title={conversationTexts.listFailed} /> : null}
          {conversations.data ? (
            <List
              dataSource={conversations.data.items}
              locale={{ emptyText: <Empty description={conversationTexts.noConversations} /> }}
              renderItem={(conversation) => <ConversationListItem conversation={conversation} current={conversation.id === id} />}
            />
          ) : null}
        </nav>
        <section aria-label="Conversation" style={{ ...threadPaneStyle, padding: token.padding }}>
          {id ? <ConversationPane key={id} id={id} /> : <Empty description={conversationTexts.selectConversation} />}
        </section>
      </Flex>
      <CreateConversationDialog
        open={creating}
        propertyPhone={selectedLocation?.phone ?? ''}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          void navigate(`${basePath}/${created}`);
        }}
      />
    </Card>
  );
}

function ConversationListItem({ conversation, current }: { conversation: ConversationView; current: boolean }) {
  const { token } = theme.useToken();
  return (
    <List.Item style={{ background: current ? token.colorPrimaryBg : undefined, paddingInline: token.paddingXS }}>
      <Link to={`${basePath}/${conversation.id}`} style={{ width: '100%' }} aria-current={current ? 'page' : undefined}>
        <Flex justify="space-between" gap="small">
          <Typography.Text strong ellipsis>
            {conversation.friendly_name}
          </Typography.Text>
          <span>
            <Tag>{conversation.kind === 'vendor' ? 'Vendor' : 'Group'}</Tag>
            {conversation.archived ? <Tag>Archived</Tag> : null}
            <Badge count={conversation.unread_count} aria-label={`${conversation.unread_count} unread`} />
          </span>
        </Flex>
        {conversation.last_message ? (
          <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
            {conversation.last_message.message}
          </Typography.Text>
        ) : null}
      </Link>
    </List.Item>
  );
}

/** The open conversation: who is in it, its thread (newest page polled, earlier ones on demand), Archive and the send box. */
function ConversationPane({ id }: { id: string }) {
  const { notification } = App.useApp();
  const conversation = useGetConversationQuery({ conversation_sid: id }, { pollingInterval: INBOX_POLL_MS });
  const [markRead] = useMarkMessageSessionReadMutation();
  const [archive, archiving] = useArchiveConversationMutation();
  const [earlier, setEarlier] = useState<string[]>([]);
  const unread = (conversation.data?.unread_count ?? 0) > 0;
  useEffect(() => {
    // The conversation is a message session: opening it marks it read for the team, as the inbox does.
    if (unread) void markRead({ id });
  }, [id, unread, markRead]);

  if (conversation.isLoading) return <Spin description="Loading…" />;
  if (conversation.isError || !conversation.data) return <Alert type="error" showIcon title={conversationTexts.detailsFailed} />;
  const data = conversation.data;
  const firstCursor = data.messages.next_cursor;
  const onArchive = async () => {
    try {
      const answer = await archive({ conversationSid: id }).unwrap();
      notification.success({ title: answer.message });
    } catch {
      notification.error({ title: conversationTexts.archiveFailed });
    }
  };

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" wrap gap="small">
        <div>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            {data.friendly_name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {data.kind === 'vendor' ? 'Vendor conversation' : 'Group conversation'} from {data.propertyPhone}
          </Typography.Text>
          <ul aria-label="Participants" style={{ margin: 0, paddingInlineStart: 18 }}>
            {data.participants.map((participant) => (
              <li key={participant.phoneNumber}>{participant.name ? `${participant.name} (${participant.phoneNumber})` : participant.phoneNumber}</li>
            ))}
          </ul>
        </div>
        <Space>
          <Tag color={data.archived ? 'default' : 'processing'}>{data.archived ? 'Archived' : 'Needs response'}</Tag>
          {data.archived ? null : (
            <Button onClick={() => void onArchive()} loading={archiving.isLoading}>
              Archive
            </Button>
          )}
        </Space>
      </Flex>
      {firstCursor && !earlier.includes(firstCursor) && earlier.length === 0 ? <Button onClick={() => setEarlier([firstCursor])}>Load earlier messages</Button> : null}
      <Flex vertical gap="small" role="log" aria-label="Messages">
        {[...earlier].reverse().map((cursor, index) => (
          <EarlierMessages
            key={cursor}
            id={id}
            cursor={cursor}
            onMore={index === 0 ? (next) => setEarlier((shown) => (shown.includes(next) ? shown : [...shown, next])) : undefined}
          />
        ))}
        {data.messages.items.length === 0 ? <Empty description="No messages yet." /> : null}
        {[...data.messages.items].reverse().map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </Flex>
      <SendBox id={id} />
    </Flex>
  );
}

/** An earlier page of the thread; the oldest page shown offers the next one. */
function EarlierMessages({ id, cursor, onMore }: { id: string; cursor: string; onMore: ((cursor: string) => void) | undefined }) {
  const page = useListSessionMessagesQuery({ id, limit: EARLIER_PAGE, cursor });
  if (page.isLoading) return <Spin description="Loading…" />;
  if (page.isError || !page.data) return <Alert type="error" showIcon title={conversationTexts.messagesFailed} />;
  const next = page.data.next_cursor;
  return (
    <>
      {next && onMore ? <Button onClick={() => onMore(next)}>Load earlier messages</Button> : null}
      {[...page.data.items].reverse().map((message) => (
        <MessageBubble key={message.id} message={message} />
      ))}
    </>
  );
}

/** The team's message to every participant (the vendor); a blank one is refused before anything is sent. */
function SendBox({ id }: { id: string }) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ content: string }>();
  const [send, sending] = useSendConversationMessageMutation();
  // One key per message written: a retried request sends it once; a new message gets a new key.
  const [key, setKey] = useState(() => crypto.randomUUID());

  const submit = async ({ content }: { content: string }) => {
    try {
      const answer = await send({ id, content, idempotencyKey: key }).unwrap();
      notification.success({ title: answer.message });
      form.resetFields();
      setKey(crypto.randomUUID());
    } catch {
      notification.error({ title: conversationTexts.sendFailed });
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
      <Form.Item
        name="content"
        label="Message"
        rules={contractRules(SendConversationMessage.request.shape.content)}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={outboundLimits.smsBody} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending.isLoading}>
        Send
      </Button>
    </Form>
  );
}

interface CreateValues {
  friendlyName: string;
  propertyPhone: string;
  participants: { phoneNumber: string }[];
}

// The request's phones (+1 and ten digits), each field saying "Phone number is required" when left empty.
const propertyPhoneRules = contractRules(CreateGroupConversation.request.shape.propertyPhone, { required: conversationTexts.phoneRequired });
const participantPhoneRules = contractRules(CreateGroupConversation.request.shape.participants, {
  required: conversationTexts.phoneRequired,
  input: (phoneNumber) => [{ phoneNumber }],
});

/**
 * Create Conversation (spec 001 §6): a title of at least 3 characters, the location's number as the property phone
 * and one or more participants, each +1 and ten digits. The server's own refusal (a number not the caller's, too
 * many participants) is shown under the toast.
 */
function CreateConversationDialog({ open, propertyPhone, onClose, onCreated }: { open: boolean; propertyPhone: string; onClose: () => void; onCreated: (id: string) => void }) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const [create, creating] = useCreateGroupConversationMutation();
  const [key, setKey] = useState(() => crypto.randomUUID());

  const submit = async (values: CreateValues) => {
    try {
      const answer = await create({
        friendlyName: values.friendlyName.trim(),
        propertyPhone: values.propertyPhone.trim(),
        participants: values.participants.map((participant) => ({ phoneNumber: participant.phoneNumber.trim() })),
        idempotencyKey: key,
      }).unwrap();
      notification.success({ title: answer.message });
      form.resetFields();
      setKey(crypto.randomUUID());
      onCreated(answer.conversation.id);
    } catch (error) {
      const reason = (error as { data?: { message?: unknown } }).data?.message;
      notification.error({ title: conversationTexts.createFailed, ...(typeof reason === 'string' ? { description: reason } : {}) });
    }
  };

  return (
    <Modal title="Create Conversation" open={open} onCancel={onClose} okText="Create" onOk={() => form.submit()} confirmLoading={creating.isLoading} destroyOnHidden>
      <Form<CreateValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ friendlyName: '', propertyPhone, participants: [{ phoneNumber: '' }] }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="friendlyName"
          label="Title"
          rules={contractRules(CreateGroupConversation.request.shape.friendlyName)}
        >
          <Input maxLength={conversationLimits.title} />
        </Form.Item>
        <Form.Item name="propertyPhone" label="Property Phone" rules={propertyPhoneRules} extra="The property location's number the conversation texts from.">
          <Input placeholder="+1XXXXXXXXXX" />
        </Form.Item>
        <Form.List
          name="participants"
          rules={contractListRules(CreateGroupConversation.request.shape.participants)}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Flex key={field.key} gap="small" align="baseline">
                  <Form.Item name={[field.name, 'phoneNumber']} label={`Participant ${index + 1}`} rules={participantPhoneRules} style={{ flex: 1 }}>
                    <Input placeholder="+1XXXXXXXXXX" />
                  </Form.Item>
                  {fields.length > 1 ? (
                    <Button aria-label={`Remove participant ${index + 1}`} onClick={() => remove(field.name)}>
                      Remove
                    </Button>
                  ) : null}
                </Flex>
              ))}
              <Button onClick={() => add({ phoneNumber: '' })} disabled={fields.length >= conversationLimits.participants}>
                Add participant
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
