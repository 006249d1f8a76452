import { DislikeOutlined, LikeOutlined, SendOutlined } from '@ant-design/icons';
import { CHAT_LIMIT_MESSAGE, type ChatMessage, type ChatRating } from '@pm/contracts';
import { Alert, App, Button, Card, Flex, Input, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/http/error-message.js';
import { useGetChatStarterQuestionsQuery, useGetChatUsageQuery, useRateChatMessageMutation, useSendChatMessageMutation } from '../../app/generated/assistant-api.js';
import { createAccountPrompt, personalInformationWarning } from './chat-texts.js';
import { TopicRotator } from './TopicRotator.js';
import { useTerriChannel, type ChannelMessage } from './useTerriChannel.js';

/** Spec 000 §4.4: anonymous users' message count is polled every second. */
const USAGE_POLL_MS = 1_000;
const sendFailed = 'Your message could not be sent. Please try again.';

/** The chat ready: the conversation, starter questions, the input (up to 4 rows) and, for visitors, the limit. */
export function ChatWindow({ isAnonymous, address }: { isAnonymous: boolean; address: string }) {
  const { notification } = App.useApp();
  const { messages, loading, remember } = useTerriChannel(true);
  const usage = useGetChatUsageQuery(undefined, { pollingInterval: isAnonymous ? USAGE_POLL_MS : 0, skip: !isAnonymous });
  // Spec 000 §9: the starter questions, each one Terri can answer from what it has about this home.
  const starters = useGetChatStarterQuestionsQuery();
  const limited = isAnonymous && usage.data?.limited === true;
  const [send, { isLoading: sending }] = useSendChatMessageMutation();
  const [draft, setDraft] = useState('');
  const location = useLocation();
  const navigate = useNavigate();
  const handedOver = (location.state as { question?: unknown } | null)?.question;
  const bottom = useRef<HTMLDivElement>(null);

  async function submit(text: string): Promise<boolean> {
    const trimmed = text.trim();
    if (!trimmed || limited || sending) return false;
    try {
      remember(await send({ text: trimmed, idempotencyKey: crypto.randomUUID() }).unwrap());
      return true;
    } catch (error) {
      // The limit is shown by the usage poll; anything else is said once.
      if (isAnonymous) void usage.refetch();
      const text = errorMessage(error, sendFailed);
      if (text !== CHAT_LIMIT_MESSAGE) notification.error({ title: text });
      return false;
    }
  }

  // Spec 000 §4.4: a question handed over in the navigation state is sent once the chat is ready and not limited, then cleared.
  const readyForHandover = !loading && (!isAnonymous || usage.data !== undefined) && !limited;
  useEffect(() => {
    if (typeof handedOver !== 'string' || !readyForHandover) return;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    void submit(handedOver);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per handed-over question
  }, [handedOver, readyForHandover]);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  // Until Terri's reply is stored: while it waits for the model, and while its words arrive.
  const waiting = messages.at(-1)?.role === 'user' || messages.at(-1)?.partial === true;
  return (
    <Card style={{ maxWidth: 760, margin: '0 auto', width: '100%' }} styles={{ body: { display: 'flex', flexDirection: 'column', gap: 16 } }}>
      <Flex vertical gap={4}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Chat with Terri
        </Typography.Title>
        <Typography.Text type="secondary">Your address: {address}</Typography.Text>
        <TopicRotator />
      </Flex>

      <div
        role="log"
        aria-label="Conversation with Terri"
        aria-live="polite"
        // A reply changes word by word while it is written: assistive technology reads it once it is stored.
        aria-busy={messages.at(-1)?.partial === true}
        style={{ display: 'flex', flexDirection: 'column', gap: 12, minHeight: 160 }}
      >
        {loading ? <Spin description="Loading the conversation" /> : null}
        {!loading && messages.length === 0 && (starters.data?.questions.length ?? 0) > 0 ? (
          <Flex vertical gap="small">
            <Typography.Text>Try one of these:</Typography.Text>
            <Flex wrap gap="small">
              {starters.data!.questions.map((question) => (
                // A question may be longer than a phone is wide: it wraps rather than overflowing.
                <Button key={question} onClick={() => void submit(question)} disabled={limited || sending} style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'start', maxWidth: '100%' }}>
                  {question}
                </Button>
              ))}
            </Flex>
          </Flex>
        ) : null}
        {messages.map((message) => (
          <ChatBubble key={message.id} message={message} onRated={remember} />
        ))}
        {waiting ? (
          <Typography.Text type="secondary" aria-label="Terri is answering">
            Terri is answering…
          </Typography.Text>
        ) : null}
        <div ref={bottom} />
      </div>

      {limited ? (
        <Alert
          type="warning"
          showIcon
          title={CHAT_LIMIT_MESSAGE}
          description={
            <span>
              {createAccountPrompt} <Link to="/signup">Create an account</Link>
            </span>
          }
        />
      ) : null}

      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(draft).then((sent) => sent && setDraft(''));
        }}
        style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}
      >
        <Input.TextArea
          aria-label="Message to Terri"
          placeholder="Ask Terri a question"
          value={draft}
          maxLength={2000}
          disabled={limited}
          // Spec 000 §9: the input grows to at most 4 rows.
          autoSize={{ minRows: 1, maxRows: 4 }}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} disabled={limited || draft.trim() === ''}>
          Send
        </Button>
      </form>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {personalInformationWarning}
      </Typography.Text>
    </Card>
  );
}

/**
 * One message; Terri's (role `admin`) carry their sources and the rating buttons (spec 000 §4.4: only they can be
 * rated), once stored: while it is written (`partial`) a reply shows its words only.
 */
function ChatBubble({ message, onRated }: { message: ChannelMessage; onRated: (message: ChatMessage) => void }) {
  const [rate] = useRateChatMessageMutation();
  // The rating shown while its call runs; dropped on failure, which silently brings back the last known one.
  const [pending, setPending] = useState<ChatRating | null>(null);
  const rating = pending ?? message.rating;
  const fromTerri = message.role === 'admin';
  const rateable = fromTerri && message.partial !== true;

  async function choose(next: ChatRating) {
    setPending(next);
    try {
      onRated(await rate({ message_id: message.id, type: 'rate', rating: next, user_id: message.user_id }).unwrap());
    } catch {
      // Spec 000 §8: a failed rating reverts silently.
    } finally {
      setPending(null);
    }
  }

  return (
    <div
      data-role={message.role}
      {...(message.partial ? { 'data-streaming': 'true' } : {})}
      style={{
        alignSelf: fromTerri ? 'flex-start' : 'flex-end',
        maxWidth: '85%',
        background: fromTerri ? 'var(--ant-color-fill-tertiary, #f5f5f5)' : 'var(--ant-color-primary-bg, #fbeaea)',
        borderRadius: 12,
        padding: '8px 12px',
        overflowWrap: 'anywhere',
      }}
    >
      <Typography.Text strong style={{ display: 'block', fontSize: 12 }}>
        {fromTerri ? 'Terri' : 'You'}
      </Typography.Text>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{message.text}</Typography.Paragraph>
      {fromTerri && message.sources.length > 0 ? (
        <Flex wrap gap={4} style={{ marginTop: 6 }} aria-label="Sources">
          {message.sources.map((source) => (
            // An area fact names its public source's page: the chip opens it.
            <Tag key={source.id}>
              {source.link?.startsWith('https://') ? (
                <a href={source.link} target="_blank" rel="noopener noreferrer">
                  {source.title}
                </a>
              ) : (
                source.title
              )}
            </Tag>
          ))}
        </Flex>
      ) : null}
      {rateable ? (
        <Flex gap={4} style={{ marginTop: 6 }}>
          <Button size="small" type={rating === 'positive' ? 'primary' : 'text'} icon={<LikeOutlined />} aria-label="Helpful" aria-pressed={rating === 'positive'} disabled={rating === 'positive'} onClick={() => void choose('positive')} />
          <Button size="small" type={rating === 'negative' ? 'primary' : 'text'} icon={<DislikeOutlined />} aria-label="Not helpful" aria-pressed={rating === 'negative'} disabled={rating === 'negative'} onClick={() => void choose('negative')} />
        </Flex>
      ) : null}
    </div>
  );
}
