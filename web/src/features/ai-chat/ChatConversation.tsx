import { SendOutlined, StopOutlined } from '@ant-design/icons';
import type { ManagerChatMessage, ManagerChatType } from '@pm/contracts';
import { Alert, App, Button, Flex, Input, Tag, Typography, theme } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useCommunicateMutation, useGetChatSessionQuery } from './api.js';
import { chatFailure } from './chat-errors.js';
import { chatState, mergeMessages, useChatState } from './chat-state.js';

export const DOCUMENTS_NOTICE =
  'Documents cannot be read in the chat yet: the document vault is not available yet. Ask about your properties, units, tenants, leases, partners and knowledge base in the General tab.';

const introduction: Record<ManagerChatType, string> = {
  general: 'Ask me about your properties: buildings, units and vacancies, tenants and rents, leases ending soon, partners, and the Q&A and rules you wrote down.',
  documents: DOCUMENTS_NOTICE,
};

/**
 * One tab of the chat: the current session's messages, the typing indicator while an answer is on its way, and the
 * message box (spec 001 §5: text and a selected property location are required; Enter sends, Shift+Enter adds a
 * line). A request gives up after 60 s; the user may cancel it. Each failure is one of the spec's toasts.
 */
export function ChatConversation({ chatType, locationId, compact }: { chatType: ManagerChatType; locationId: string | null; compact?: boolean }) {
  const { token } = theme.useToken();
  const { notification } = App.useApp();
  const { sessionIds, arrived } = useChatState();
  const sessionId = sessionIds[chatType];
  const session = useGetChatSessionQuery(sessionId ?? '', { skip: sessionId === undefined });
  const [communicate] = useCommunicateMutation();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<{ content: string; abort: () => void } | null>(null);
  const cancelled = useRef(false);
  const listEnd = useRef<HTMLDivElement>(null);

  const messages = sessionId === undefined ? [] : mergeMessages(session.data?.messages ?? [], arrived[sessionId] ?? []);
  const canSend = text.trim() !== '' && locationId !== null && pending === null;

  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  const send = async () => {
    if (!canSend || locationId === null) return;
    const content = text;
    const call = communicate({ message: content, chat_type: chatType, location_id: locationId, ...(sessionId ? { session_id: sessionId } : {}) });
    cancelled.current = false;
    setPending({ content, abort: () => call.abort() });
    const result = await call;
    setPending(null);
    if ('data' in result && result.data) {
      setText('');
      chatState.arrive(result.data.question, result.data.reply, { countUnread: false });
      chatState.openSession(chatType, result.data.session_id);
      return;
    }
    notification.error(chatFailure(result.error, cancelled.current));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Flex vertical gap="small" style={{ minHeight: 0, flex: 1 }}>
      {chatType === 'documents' ? <Alert type="info" showIcon title={DOCUMENTS_NOTICE} /> : null}
      <div
        role="log"
        aria-label={chatType === 'general' ? 'General chat messages' : 'Documents chat messages'}
        aria-live="polite"
        style={{ flex: 1, minHeight: compact ? 200 : 320, overflowY: 'auto', overflowWrap: 'anywhere', paddingInlineEnd: token.paddingXS }}
      >
        {messages.length === 0 && pending === null ? <Typography.Paragraph type="secondary">{introduction[chatType]}</Typography.Paragraph> : null}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        {pending ? (
          <>
            <MessageBubble message={{ content: pending.content, sender: 'user', sources: [] }} />
            <div role="status" aria-label="The assistant is typing" style={{ color: token.colorTextSecondary, padding: token.paddingXS }}>
              <span className="pm-typing-dots" aria-hidden="true">
                ● ● ●
              </span>{' '}
              Assistant is typing…
            </div>
          </>
        ) : null}
        <div ref={listEnd} />
      </div>
      {locationId === null ? <Typography.Text type="secondary">Select a property location to ask about it.</Typography.Text> : null}
      <Flex gap="small" align="end">
        <Input.TextArea
          aria-label="Message"
          placeholder={chatType === 'general' ? 'Ask about your properties…' : 'Ask about a document…'}
          value={text}
          maxLength={2000}
          autoSize={{ minRows: 1, maxRows: 6 }}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          style={{ flex: 1 }}
        />
        {pending ? (
          <Button
            icon={<StopOutlined />}
            onClick={() => {
              cancelled.current = true;
              pending.abort();
            }}
          >
            Cancel
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined />} disabled={!canSend} onClick={() => void send()}>
            Send
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

function MessageBubble({ message }: { message: Pick<ManagerChatMessage, 'content' | 'sender' | 'sources'> }) {
  const { token } = theme.useToken();
  const mine = message.sender === 'user';
  return (
    <Flex vertical align={mine ? 'end' : 'start'} style={{ marginBlockEnd: token.marginSM }} className="pm-chat-message" data-sender={message.sender}>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {mine ? 'You' : 'Assistant'}
      </Typography.Text>
      <div
        style={{
          maxWidth: '90%',
          whiteSpace: 'pre-wrap',
          padding: `${token.paddingXS}px ${token.paddingSM}px`,
          borderRadius: token.borderRadiusLG,
          background: mine ? token.colorPrimaryBg : token.colorFillQuaternary,
        }}
      >
        {message.content}
      </div>
      {message.sources.length > 0 ? (
        <Flex wrap gap={4} style={{ marginBlockStart: 4, maxWidth: '90%' }} aria-label="Sources" role="list">
          {message.sources.map((source) => (
            <span role="listitem" key={source.id}>
              <Tag color="blue" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
                {source.link ? <Link to={source.link}>{source.title}</Link> : source.title}
              </Tag>
            </span>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
