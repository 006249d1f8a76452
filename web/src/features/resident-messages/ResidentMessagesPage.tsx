import type { MessageSessionView } from '@pm/contracts';
import { Alert, App, Button, Card, Empty, Flex, Form, Input, List, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { INBOX_POLL_MS } from '../../app/messaging/inbox-poll.js';
import { messagingTexts } from '../../app/messaging/messaging-texts.js';
import { MessageBubble } from '../../app/messaging/SessionThread.js';
import { listPaneStyle, threadPaneStyle } from '../../app/messaging/two-panes.js';
import { useListResidentEmailSessionsQuery, useListResidentSmsSessionsQuery, useListResidentSessionMessagesQuery, useSendResidentMessageMutation } from '../../app/generated/messaging-api.js';
import { CONVERSATION_MESSAGE_SENT, SendResidentMessage } from '@pm/contracts';
import { contractRules } from '../../lib/forms/contract-rules.js';

export const residentMessagesTexts = {
  sessionsFailed: 'Failed to load your conversations.',
  noSessions: 'No conversations yet. When you text or e-mail your property, the conversation shows here.',
  sendFailed: 'Failed to send message',
  sent: CONVERSATION_MESSAGE_SENT,
  propertyTeam: 'Your property',
} as const;

/**
 * /resident/communication (spec 002 Messages): the resident's SMS and e-mail conversations with their property,
 * merged and newest updated first, the first selected by default; its thread, and a message box. What they send
 * reaches the team's inbox like a text would.
 */
export function ResidentMessagesPage() {
  const { token } = theme.useToken();
  const sms = useListResidentSmsSessionsQuery(undefined, { pollingInterval: INBOX_POLL_MS });
  const email = useListResidentEmailSessionsQuery(undefined, { pollingInterval: INBOX_POLL_MS });
  const [chosen, setChosen] = useState<string | null>(null);
  const sessions = [...(sms.data?.items ?? []), ...(email.data?.items ?? [])].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const selected = sessions.find((session) => session.session_id === chosen) ?? sessions[0] ?? null;

  return (
    <Flex vertical gap="large" style={{ maxWidth: 1080, margin: '0 auto', width: '100%' }}>
      <Typography.Title level={1}>Messages</Typography.Title>
      {sms.isLoading || email.isLoading ? <Spin description="Loading…" /> : null}
      {sms.isError || email.isError ? <Alert type="error" showIcon title={residentMessagesTexts.sessionsFailed} /> : null}
      {!sms.isLoading && !email.isLoading && sessions.length === 0 && !sms.isError && !email.isError ? <Empty description={residentMessagesTexts.noSessions} /> : null}
      {sessions.length > 0 ? (
        <Card styles={{ body: { padding: 0 } }}>
          <Flex wrap>
            <nav aria-label="Conversations" style={{ ...listPaneStyle, borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, padding: token.paddingSM }}>
              <List
                dataSource={sessions}
                renderItem={(session) => (
                  <List.Item style={{ background: session.session_id === selected?.session_id ? token.colorPrimaryBg : undefined, paddingInline: token.paddingXS }}>
                    <Button
                      type="text"
                      block
                      aria-current={session.session_id === selected?.session_id ? 'true' : undefined}
                      onClick={() => setChosen(session.session_id)}
                      style={{ height: 'auto', textAlign: 'start', whiteSpace: 'normal', minWidth: 0 }}
                    >
                      {/* A flex item keeps its content's width unless told otherwise: without min-width 0 the one-line
                          preview stretched the entry (and the page) to the whole message instead of ending in "…". */}
                      <span style={{ display: 'block', flex: '1 1 auto', minWidth: 0, overflow: 'hidden', overflowWrap: 'anywhere' }}>
                        <Typography.Text strong>{session.type === 'sms' ? 'SMS' : 'E-mail'}</Typography.Text>
                        {session.subject ? ` · ${session.subject}` : ` · ${session.from.to}`}
                        <Typography.Text type="secondary" style={{ display: 'block' }} ellipsis={{ tooltip: false }}>
                          {session.last_message?.message ?? ''}
                        </Typography.Text>
                      </span>
                    </Button>
                  </List.Item>
                )}
              />
            </nav>
            <section aria-label="Thread" style={{ ...threadPaneStyle, padding: token.padding }}>
              {selected ? <ResidentThread key={selected.session_id} session={selected} /> : null}
            </section>
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}

function ResidentThread({ session }: { session: MessageSessionView }) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ message: string }>();
  const [limit, setLimit] = useState(50);
  const thread = useListResidentSessionMessagesQuery({ id: session.session_id, limit }, { pollingInterval: INBOX_POLL_MS });
  const [send, sending] = useSendResidentMessageMutation();

  const submit = async ({ message }: { message: string }) => {
    try {
      await send({ id: session.session_id, message }).unwrap();
      notification.success({ title: residentMessagesTexts.sent });
      form.resetFields();
    } catch {
      notification.error({ title: residentMessagesTexts.sendFailed });
    }
  };

  return (
    <Flex vertical gap="middle">
      {thread.data?.next_cursor ? <Button onClick={() => setLimit((current) => Math.min(current + 50, 200))}>Load earlier messages</Button> : null}
      {thread.isLoading ? <Spin description="Loading…" /> : null}
      {thread.isError ? <Alert type="error" showIcon title={messagingTexts.threadFailed} /> : null}
      {thread.data ? (
        thread.data.items.length === 0 ? (
          <Empty description={messagingTexts.noMessages} />
        ) : (
          <Flex vertical gap="small" role="log" aria-label="Messages">
            {[...thread.data.items].reverse().map((message) => (
              // Here the resident's own messages are theirs, on the right; the property's on the left.
              // The team's replies come signed with the property's name (the service fills it in); "Your property" if unknown.
              <MessageBubble key={message.id} message={message} mine={message.role === 'tenant'} fallbackSender={message.role === 'tenant' ? 'You' : residentMessagesTexts.propertyTeam} />
            ))}
          </Flex>
        )
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="message"
          label="Your message"
          rules={contractRules(SendResidentMessage.request.shape.message)}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={1600} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending.isLoading}>
          Send
        </Button>
      </Form>
    </Flex>
  );
}
