import { SendEmailResponse, SendSmsResponse, type MessageSessionView, type ThreadMessage } from '@pm/contracts';
import { Alert, App, Button, Empty, Flex, Form, Input, Spin, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { LinkButton } from '../LinkButton.js';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '../useAppSelector.js';
import { INBOX_POLL_MS } from './inbox-poll.js';
import { messagingApi, useGetMessageDraftQuery, useListSessionMessagesQuery, useMarkMessageSessionReadMutation, useSendEmailResponseMutation, useSendSmsResponseMutation } from '../generated/messaging-api.js';
import { messagingTexts } from './messaging-texts.js';
import { MessageAttachments } from './MessageAttachments.js';
import { MessageMedia } from './MessageMedia.js';
import { SenderNotVerifiedTag } from './SenderNotVerifiedTag.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { contractRules } from '../../lib/forms/contract-rules.js';

/** How many messages one page of the thread brings: the newest first, earlier ones on demand. */
const THREAD_PAGE = 30;

/**
 * The thread pane (spec 001 §2): the session's messages oldest at the top, the tenant's or vendor's on the left and
 * the team's on the right, earlier pages on demand, the session marked read for the team when it is opened, and the
 * reply box (SMS or e-mail by the session's channel). `session` null shows "Select a thread to view messages.".
 */
export function SessionThread({ session }: { session: MessageSessionView | null }) {
  if (!session) return <Empty description={messagingTexts.selectThread} />;
  return <OpenThread key={session.session_id} session={session} />;
}

function OpenThread({ session }: { session: MessageSessionView }) {
  // Cursors of the pages shown, newest first: the first page has none; "Load earlier messages" adds the next.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [markRead] = useMarkMessageSessionReadMutation();
  const unread = session.unread_count > 0;
  useEffect(() => {
    if (unread) void markRead({ id: session.session_id });
  }, [session.session_id, unread, markRead]);

  return (
    <Flex vertical gap="middle" style={{ minHeight: 0 }}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
        {session.from.name ?? session.from.source}
        {session.subject ? <Typography.Text type="secondary"> · {session.subject}</Typography.Text> : null}
      </Typography.Title>
      {nextCursor ? (
        <Button onClick={() => setCursors((shown) => (shown.includes(nextCursor) ? shown : [...shown, nextCursor]))}>Load earlier messages</Button>
      ) : null}
      <Flex vertical gap="small" role="log" aria-label="Messages">
        {[...cursors].reverse().map((cursor, index) => (
          <ThreadPage
            key={cursor ?? 'newest'}
            sessionId={session.session_id}
            loadFailed={session.type === 'sms' ? messagingTexts.smsThreadFailed : messagingTexts.emailThreadFailed}
            cursor={cursor}
            onNextCursor={index === 0 ? setNextCursor : undefined}
          />
        ))}
      </Flex>
      <ReplyBox session={session} />
    </Flex>
  );
}

/** One page of the thread; the oldest page shown reports where the next earlier page starts. */
function ThreadPage({
  sessionId,
  loadFailed,
  cursor,
  onNextCursor,
}: {
  sessionId: string;
  /** Spec 001 §8's toast for the session's channel; the pane itself says "Failed to load messages." (§2). */
  loadFailed: string;
  cursor: string | undefined;
  onNextCursor: ((cursor: string | null) => void) | undefined;
}) {
  const messages = useListSessionMessagesQuery(
    { id: sessionId, limit: THREAD_PAGE, ...(cursor ? { cursor } : {}) },
    // Only the newest page changes as messages arrive.
    { pollingInterval: cursor ? 0 : INBOX_POLL_MS },
  );
  useLoadErrorToast(messages.isError, loadFailed);
  const next = messages.data?.next_cursor ?? null;
  useEffect(() => {
    if (onNextCursor && messages.data) onNextCursor(next);
  }, [onNextCursor, messages.data, next]);

  if (messages.isLoading) return <Spin description="Loading…" />;
  if (messages.isError || !messages.data) return <Alert type="error" showIcon title={messagingTexts.threadFailed} />;
  if (messages.data.items.length === 0 && !cursor) return <Empty description={messagingTexts.noMessages} />;
  return (
    <>
      {[...messages.data.items].reverse().map((message) => (
        <MessageBubble key={message.id} message={message} />
      ))}
    </>
  );
}

/**
 * The other party (tenant, unknown sender, vendor) on the left; the team and the AI on the right. `fallbackSender`
 * names a message that carries no sender name (the team's view: "Team" or "Unknown sender").
 */
export function MessageBubble({ message, mine, fallbackSender }: { message: ThreadMessage; mine?: boolean; fallbackSender?: string }) {
  const { token } = theme.useToken();
  const right = mine ?? (message.role === 'property_manager' || message.role === 'ai');
  return (
    <Flex justify={right ? 'flex-end' : 'flex-start'}>
      <div
        style={{
          maxWidth: '80%',
          padding: token.paddingSM,
          borderRadius: token.borderRadiusLG,
          background: right ? token.colorPrimaryBg : token.colorFillTertiary,
        }}
      >
        <Typography.Text strong style={{ display: 'block' }}>
          {message.sender_name ?? fallbackSender ?? (right ? 'Team' : 'Unknown sender')}
          <SenderNotVerifiedTag verified={message.sender_verified} />
        </Typography.Text>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{message.message}</Typography.Paragraph>
        <MessageMedia media={message.media} />
        <MessageAttachments messageId={message.id} attachments={message.attachments} />
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          <time dateTime={message.created_at}>{new Date(message.created_at).toLocaleString()}</time>
        </Typography.Text>
      </div>
    </Flex>
  );
}

/** How often a draft still being written is asked for again: the local model drafts in seconds. */
const PENDING_DRAFT_POLL_MS = 3_000;

export const replyBoxTexts = {
  draftOffered: "The AI's draft of a reply: edit it, or send it as written.",
  drafting: 'The AI is drafting a response…',
  clear: 'Clear',
} as const;

/**
 * The reply box: SMS or e-mail by the session's channel; a blank reply is refused before anything is sent. While the
 * newest message of the thread is the other party's, the box offers the current AI draft of the reply to it (what
 * the Inbound Messages card would send), to edit and send; what the team has typed is never replaced by it.
 */
function ReplyBox({ session }: { session: MessageSessionView }) {
  // A vendor conversation is answered from Conversations, where the send reaches the vendor's current phone.
  if (session.type === 'vendor') return <LinkButton to={`/property-manager/conversations/${session.session_id}`}>Reply in Conversations</LinkButton>;
  return <ChannelReplyBox session={session} />;
}

function ChannelReplyBox({ session }: { session: MessageSessionView }) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ response: string }>();
  const typed = Form.useWatch('response', form);
  const [sendSms, sms] = useSendSmsResponseMutation();
  const [sendEmail, email] = useSendEmailResponseMutation();
  const isSms = session.type === 'sms';
  const offer = useOfferedDraft(session.session_id);

  // The draft fills the box when it is ready, unless the team has typed there; a new message's draft fills it again.
  useEffect(() => {
    if (offer.reply !== null && !form.isFieldTouched('response')) form.setFieldsValue({ response: offer.reply });
  }, [form, offer.key, offer.reply]);

  const send = async ({ response }: { response: string }) => {
    try {
      const answer = isSms
        ? await sendSms({ sessionId: session.session_id, response }).unwrap()
        : await sendEmail({ sessionId: session.session_id, response }).unwrap();
      notification.success({ title: answer.message });
      form.resetFields();
    } catch {
      notification.error({ title: isSms ? messagingTexts.smsSendFailed : messagingTexts.emailSendFailed });
    }
  };

  const showsDraft = offer.reply !== null && typed === offer.reply;
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void send(values)} requiredMark={false}>
      <Form.Item
        name="response"
        label={isSms ? 'Reply by SMS' : 'Reply by e-mail'}
        extra={showsDraft ? replyBoxTexts.draftOffered : offer.pending && !typed ? replyBoxTexts.drafting : undefined}
        rules={contractRules((isSms ? SendSmsResponse : SendEmailResponse).request.shape.response)}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 12 }} />
      </Form.Item>
      <Flex gap="small">
        <Button type="primary" htmlType="submit" loading={sms.isLoading || email.isLoading}>
          Send
        </Button>
        {typed ? (
          <Button
            onClick={() => {
              // Cleared on purpose: the box stays empty rather than being offered the draft again.
              form.setFields([{ name: 'response', value: '', touched: true, errors: [] }]);
            }}
          >
            {replyBoxTexts.clear}
          </Button>
        ) : null}
      </Flex>
    </Form>
  );
}

/**
 * The draft the reply box offers: the current version of the draft of the thread's newest message while that
 * message is the other party's (once the team has answered it there is nothing to offer). `key` names the message
 * and version, so a newer draft is offered anew.
 */
function useOfferedDraft(sessionId: string): { key: string | null; reply: string | null; pending: boolean } {
  // The same request as the thread's newest page, so it is one subscription to one cached answer.
  const newest = useListSessionMessagesQuery({ id: sessionId, limit: THREAD_PAGE }, { pollingInterval: INBOX_POLL_MS });
  const last = newest.data?.items[0];
  const awaiting = last?.direction === 'inbound' ? last.id : null;
  // The draft-ready notice refreshes it (useMessagingLiveRefresh); asking again while it is pending covers a lost notice.
  const cached = useAppSelector((state) => (awaiting ? messagingApi.endpoints.getMessageDraft.select({ id: awaiting })(state).data : undefined));
  const draft = useGetMessageDraftQuery(awaiting ? { id: awaiting } : skipToken, { pollingInterval: cached?.versions[0]?.status === 'pending' ? PENDING_DRAFT_POLL_MS : 0 });
  const current = awaiting ? draft.data?.versions[0] : undefined;
  const reply = current?.status === 'ready' && current.reply?.trim() ? current.reply : null;
  return { key: current ? `${awaiting}:${current.version}` : null, reply, pending: current?.status === 'pending' };
}
