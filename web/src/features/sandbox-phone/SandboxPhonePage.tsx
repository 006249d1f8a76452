import { SANDBOX_PHONE_FORMAT, SANDBOX_PHONE_UNAVAILABLE } from '@pm/contracts';
import { Alert, Button, Card, Empty, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { useListSandboxPhoneMessagesQuery, useListSandboxPhoneNumbersQuery, usePlaceSandboxCallMutation, useSendSandboxSmsMutation } from '../../app/generated/messaging-api.js';

const E164 = /^\+[1-9]\d{6,14}$/;
const PHONE_MESSAGE = SANDBOX_PHONE_FORMAT;

export const sandboxPhoneTexts = {
  phoneHelp: "Type a tenant's phone number to text and call as that tenant; any other number writes as an unknown sender.",
  playing: (tenant: string) => `You are texting and calling as ${tenant}, a tenant of this location.`,
  unknown: 'No tenant of this location has this phone: you write as an unknown sender.',
} as const;
/** How often the conversation is fetched again while the page is open: replies are drafted and sent in seconds. */
const REFRESH_MS = 3_000;

interface CallLine {
  who: 'you' | 'assistant';
  text: string;
}

function errorText(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : 'Something went wrong. Please try again.';
}

/** Texts between the tester's phone and the chosen number, oldest first, refreshed while the page is open. */
function Conversation({ phone, number }: { phone: string; number: string }) {
  const { data, isError } = useListSandboxPhoneMessagesQuery({ phone }, { pollingInterval: REFRESH_MS, skipPollingIfUnfocused: true });
  if (isError) return <Alert type="error" showIcon role="alert" title="Failed to fetch sms." />;
  const messages = (data?.messages ?? []).filter((message) => message.number === number);
  if (messages.length === 0) return <Empty description="No messages yet." />;
  return (
    <ol aria-label="Conversation" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {messages.map((message) => (
        <li key={message.id} style={{ display: 'flex', justifyContent: message.direction === 'sent' ? 'flex-end' : 'flex-start', padding: '4px 0' }}>
          <div
            style={{
              maxWidth: '75%',
              padding: '8px 12px',
              borderRadius: 12,
              background: message.direction === 'sent' ? '#1677ff' : 'rgba(0, 0, 0, 0.06)',
              color: message.direction === 'sent' ? 'white' : undefined,
              whiteSpace: 'pre-wrap',
            }}
          >
            <div>{message.body}</div>
            <div style={{ fontSize: 12, opacity: 0.75 }}>
              {message.direction === 'sent' ? 'You' : 'Received'} · {new Date(message.at).toLocaleTimeString('en-US', { timeStyle: 'short' })}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Which tenant the typed phone is at the chosen number (the conversation's request, so no call of its own). */
function PlayingAs({ phone, number }: { phone: string; number: string }) {
  const { data } = useListSandboxPhoneMessagesQuery({ phone });
  const caller = data?.callers.find((known) => known.number === number);
  if (!caller) return sandboxPhoneTexts.phoneHelp;
  return <span role="status">{caller.tenant_name ? sandboxPhoneTexts.playing(caller.tenant_name) : sandboxPhoneTexts.unknown}</span>;
}

/** A typed call: each sentence is posted as the provider's speech recognition would, the spoken answers shown as text. */
function TypedCall({ phone, number }: { phone: string; number: string }) {
  const [place, { isLoading }] = usePlaceSandboxCallMutation();
  const [callSid, setCallSid] = useState<string | null>(null);
  const [lines, setLines] = useState<CallLine[]>([]);
  const [speech, setSpeech] = useState('');
  const [error, setError] = useState<string | null>(null);

  const say = async (words: string) => {
    setError(null);
    try {
      const turn = await place({ to: number, from: phone, speech: words, ...(callSid ? { call_sid: callSid } : {}), idempotencyKey: crypto.randomUUID() }).unwrap();
      setLines((earlier) => [
        ...(callSid ? earlier : []),
        ...(turn.greeting ? [{ who: 'assistant' as const, text: turn.greeting }] : []),
        { who: 'you', text: words },
        { who: 'assistant', text: turn.answer },
      ]);
      setCallSid(turn.ended ? null : turn.call_sid);
      setSpeech('');
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {callSid ? <Tag color="success">On a call</Tag> : null}
      {lines.length > 0 ? (
        <ol aria-label="Call transcript" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {lines.map((line, index) => (
            <li key={index} style={{ padding: '4px 0' }}>
              <Typography.Text>
                <Typography.Text strong>{line.who === 'you' ? 'You: ' : 'Assistant: '}</Typography.Text>
                {line.text}
              </Typography.Text>
            </li>
          ))}
        </ol>
      ) : (
        <Typography.Text type="secondary">Type what you would say; the call starts with your first sentence.</Typography.Text>
      )}
      {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
      <Space.Compact style={{ width: '100%' }}>
        <Input aria-label="What you say" value={speech} maxLength={1_600} onChange={(event) => setSpeech(event.target.value)} onPressEnter={() => speech.trim() && void say(speech.trim())} />
        <Button type="primary" loading={isLoading} disabled={!speech.trim()} onClick={() => void say(speech.trim())}>
          {callSid ? 'Say' : 'Call'}
        </Button>
        {callSid ? (
          <Button danger disabled={isLoading} onClick={() => void say('Goodbye')}>
            Hang up
          </Button>
        ) : null}
      </Space.Compact>
    </Space>
  );
}

/**
 * sandbox-phone (local profile only): text and call a location's number as a tenant would, and see what the location
 * sends back. Everything goes through the real webhooks, signed as the provider signs.
 */
export function SandboxPhonePage() {
  const numbers = useListSandboxPhoneNumbersQuery();
  const [send, sending] = useSendSandboxSmsMutation();
  const [number, setNumber] = useState<string | undefined>(undefined);
  const [phone, setPhone] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = number ?? numbers.data?.numbers[0]?.phone_number;
  const validPhone = E164.test(phone.trim());

  if (numbers.isError) return <Alert type="info" showIcon title={SANDBOX_PHONE_UNAVAILABLE} />;

  const sendText = async () => {
    if (!chosen || !validPhone || !text.trim()) return;
    setError(null);
    try {
      await send({ to: chosen, from: phone.trim(), body: text.trim(), idempotencyKey: crypto.randomUUID() }).unwrap();
      setText('');
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>Sandbox Phone</PageTitle>
      <Card>
        <Form layout="vertical">
          <Form.Item label="Location number">
            <Select
              aria-label="Location number"
              loading={numbers.isLoading}
              value={chosen}
              onChange={setNumber}
              notFoundContent="No location has a phone number yet."
              options={(numbers.data?.numbers ?? []).map((n) => ({ value: n.phone_number, label: `${n.phone_number} · ${n.location_name ?? 'Property location'}` }))}
            />
          </Form.Item>
          <Form.Item
            label="Your phone"
            validateStatus={phone && !validPhone ? 'error' : undefined}
            help={phone && !validPhone ? PHONE_MESSAGE : chosen && validPhone ? <PlayingAs phone={phone.trim()} number={chosen} /> : sandboxPhoneTexts.phoneHelp}
          >
            <Input aria-label="Your phone" placeholder="+15551234567" value={phone} onChange={(event) => setPhone(event.target.value)} />
          </Form.Item>
        </Form>
      </Card>
      {chosen && validPhone ? (
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Card title="Messages" style={{ flex: '1 1 360px' }}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Conversation phone={phone.trim()} number={chosen} />
              {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
              <Space.Compact style={{ width: '100%' }}>
                <Input.TextArea aria-label="Message" autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1_600} value={text} onChange={(event) => setText(event.target.value)} />
                <Button type="primary" loading={sending.isLoading} disabled={!text.trim()} onClick={() => void sendText()}>
                  Send
                </Button>
              </Space.Compact>
            </Space>
          </Card>
          <Card title="Call" style={{ flex: '1 1 360px' }}>
            <TypedCall key={`${chosen}-${phone.trim()}`} phone={phone.trim()} number={chosen} />
          </Card>
        </div>
      ) : (
        <Typography.Text type="secondary">Pick a location number and type your phone to start.</Typography.Text>
      )}
    </Space>
  );
}
