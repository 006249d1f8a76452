import { SendOutlined, StopOutlined } from '@ant-design/icons';
import type { ManagerChatMessage, ManagerChatType } from '@pm/contracts';
import { Alert, App, Button, Flex, Input, Tag, Typography, theme } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { selectAccessToken } from '../../app/session-slice.js';
import { useAppDispatch } from '../../app/useAppDispatch.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { assistantApi, useGetChatSessionQuery } from '../../app/generated/assistant-api.js';
import { chatToasts } from './chat-errors.js';
import { chatState, mergeMessages, useChatState } from './chat-state.js';
import { ANSWER_FAILED, streamChatAnswer } from './stream-chat-answer.js';

export const DOCUMENTS_NOTICE =
  'Documents cannot be read in the chat yet: the document vault is not available yet. Ask about your properties, units, tenants, leases, partners and knowledge base in the General tab.';

const introduction: Record<ManagerChatType, string> = {
  general: 'Ask me about your properties: buildings, units and vacancies, tenants and rents, leases ending soon, partners, and the Q&A and rules you wrote down.',
  documents: DOCUMENTS_NOTICE,
};

/**
 * One tab of the chat: the current session's messages, the answer while the model writes it (streamed by `GET
 * simulation/communicate/stream`, spec 002 §7) with the typing indicator, and the message box (spec 001 §5: text and a
 * selected property location are required; Enter sends, Shift+Enter adds a line). The user may cancel. The complete
 * answer replaces the words shown once it is stored; a failure is the spec's "Failed to generate AI response" with
 * the server's reason, or "Connection error".
 */
export function ChatConversation({ chatType, locationId, compact }: { chatType: ManagerChatType; locationId: string | null; compact?: boolean }) {
  const { token } = theme.useToken();
  const { notification } = App.useApp();
  const { sessionIds, arrived } = useChatState();
  const sessionId = sessionIds[chatType];
  const session = useGetChatSessionQuery({ id: sessionId ?? '' }, { skip: sessionId === undefined });
  const dispatch = useAppDispatch();
  const accessToken = useAppSelector(selectAccessToken);
  // Read when the stream (re)connects, so a token refreshed meanwhile is the one sent.
  const currentToken = useRef(accessToken);
  useEffect(() => {
    currentToken.current = accessToken;
  }, [accessToken]);
  const [text, setText] = useState('');
  const [pending, setPending] = useState<{ content: string; abort: () => void; partial: string } | null>(null);
  const listEnd = useRef<HTMLDivElement>(null);

  const messages = sessionId === undefined ? [] : mergeMessages(session.data?.messages ?? [], arrived[sessionId] ?? []);
  const canSend = text.trim() !== '' && locationId !== null && pending === null;

  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  const send = async () => {
    if (!canSend || locationId === null) return;
    const content = text;
    const stop = new AbortController();
    setPending({ content, abort: () => stop.abort(), partial: '' });
    try {
      const result = await streamChatAnswer(
        { message: content, chat_type: chatType, location_id: locationId, ...(sessionId ? { session_id: sessionId } : {}) },
        {
          accessToken: () => currentToken.current,
          signal: stop.signal,
          onPartial: (partial) => setPending((current) => (current === null ? current : { ...current, partial })),
        },
      );
      if (result.ok) {
        setText('');
        chatState.arrive(result.answer.question, result.answer.reply, { countUnread: false });
        chatState.openSession(chatType, result.answer.session_id);
        dispatch(assistantApi.util.invalidateTags([{ type: 'ManagerChatSession', id: 'LIST' }, { type: 'ManagerChatSession', id: result.answer.session_id }]));
        return;
      }
      notification.error({ title: ANSWER_FAILED, ...(result.error === ANSWER_FAILED ? {} : { description: result.error }) });
    } catch {
      // Only the user's own cancel rejects.
      notification.error({ title: chatToasts.cancelled });
    } finally {
      setPending(null);
    }
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
        // The answer changes word by word while it is written: assistive technology reads it once it is complete.
        aria-busy={pending !== null}
        style={{ flex: 1, minHeight: compact ? 200 : 320, overflowY: 'auto', overflowWrap: 'anywhere', paddingInlineEnd: token.paddingXS }}
      >
        {messages.length === 0 && pending === null ? <Typography.Paragraph type="secondary">{introduction[chatType]}</Typography.Paragraph> : null}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        {pending ? (
          <>
            <MessageBubble message={{ content: pending.content, sender: 'user', sources: [] }} />
            {pending.partial !== '' ? <MessageBubble message={{ content: pending.partial, sender: 'system', sources: [] }} streaming /> : null}
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
          <Button icon={<StopOutlined />} onClick={() => pending.abort()}>
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

/** One message; `streaming`: the answer while the model writes it (its words so far, no sources yet). */
function MessageBubble({ message, streaming }: { message: Pick<ManagerChatMessage, 'content' | 'sender' | 'sources'>; streaming?: boolean }) {
  const { token } = theme.useToken();
  const mine = message.sender === 'user';
  return (
    <Flex
      vertical
      align={mine ? 'end' : 'start'}
      style={{ marginBlockEnd: token.marginSM }}
      className="pm-chat-message"
      data-sender={message.sender}
      {...(streaming ? { 'data-streaming': 'true' } : {})}
    >
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
