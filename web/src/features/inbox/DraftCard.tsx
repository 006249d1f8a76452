import type { InboxItem } from '@pm/contracts';
import { Alert, App, Button, Card, Flex, Input, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSendEmailResponseMutation, useSendSmsResponseMutation } from '../../app/messaging/messaging-api.js';
import { messagingTexts } from '../../app/messaging/messaging-texts.js';
import { MessageAttachments } from '../../app/messaging/MessageAttachments.js';
import { MessageMedia } from '../../app/messaging/MessageMedia.js';
import { useArchiveEmailMutation, useArchiveSmsMutation, useRegenerateDraftMutation } from './api.js';
import { MessageHistoryDialog } from './MessageHistoryDialog.js';

/**
 * An SMS or e-mail draft card (spec 001 §2): URGENT flag, ID, sender (the tenant, or the unknown sender's number or
 * address), unit, the message with its attachments, and the AI response the team edits and sends as written, archives
 * or regenerates; View History opens every version. A replied or archived item is read-only with its Sent or
 * Archived chip (spec 001 §4).
 */
export function DraftCard({ item, unitName }: { item: InboxItem; unitName: string | undefined }) {
  const { notification } = App.useApp();
  const isSms = item.type === 'sms';
  const draftReply = item.draft?.status === 'ready' ? (item.draft.reply ?? '') : '';
  // The team's text once they typed; until then the current draft (which a regenerate replaces).
  const [edited, setEdited] = useState<{ version: number; text: string } | null>(null);
  const text = edited && edited.version === item.draft?.version ? edited.text : draftReply;
  const [historyOpen, setHistoryOpen] = useState(false);
  const [sendSms, sms] = useSendSmsResponseMutation();
  const [sendEmail, email] = useSendEmailResponseMutation();
  const [archiveSms, smsArchive] = useArchiveSmsMutation();
  const [archiveEmail, emailArchive] = useArchiveEmailMutation();
  const [regenerate, regenerating] = useRegenerateDraftMutation();
  const readOnly = item.replied_to || item.archived;
  const sender = item.tenant?.full_name ?? item.sender_name ?? item.from;
  const pending = item.draft?.status === 'pending';
  const failed = item.draft?.status === 'failed';

  const send = async () => {
    try {
      const answer = isSms
        ? await sendSms({ sessionId: item.session_id, response: text }).unwrap()
        : await sendEmail({ sessionId: item.session_id, response: text }).unwrap();
      notification.success({ title: answer.message });
    } catch {
      notification.error({ title: isSms ? messagingTexts.smsSendFailed : messagingTexts.emailSendFailed });
    }
  };
  const archive = async () => {
    try {
      const answer = isSms ? await archiveSms(item.session_id).unwrap() : await archiveEmail(item.session_id).unwrap();
      notification.success({ title: answer.message });
    } catch {
      notification.error({ title: isSms ? messagingTexts.smsArchiveFailed : messagingTexts.emailArchiveFailed });
    }
  };
  const regenerateDraft = async () => {
    try {
      const answer = await regenerate(item.id).unwrap();
      setEdited(null);
      notification.success({ title: answer.message });
    } catch {
      notification.error({ title: messagingTexts.regenerateFailed });
    }
  };

  return (
    <article aria-label={`${isSms ? 'SMS' : 'E-mail'} from ${sender}`}>
    <Card
      size="small"
      title={
        <Space wrap>
          {item.urgent ? <Tag color="red">URGENT</Tag> : null}
          <Tag>{isSms ? 'SMS' : 'E-mail'}</Tag>
          <Typography.Text strong>{sender}</Typography.Text>
          {item.tenant ? null : <Typography.Text type="secondary">Unknown sender</Typography.Text>}
        </Space>
      }
      extra={readOnly ? <Tag color={item.replied_to ? 'success' : 'default'}>{item.replied_to ? 'Sent' : 'Archived'}</Tag> : null}
    >
      <Flex vertical gap="small">
        <Typography.Text type="secondary">
          ID {item.id.slice(-8)} · {item.tenant ? `Unit ${unitName ?? '—'}` : item.from} · <time dateTime={item.created_at}>{new Date(item.created_at).toLocaleString()}</time>
        </Typography.Text>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.message}</Typography.Paragraph>
        <MessageMedia media={item.media} />
        <MessageAttachments messageId={item.id} attachments={item.attachments} />
        {readOnly ? null : (
          <>
            {pending ? (
              <Flex align="center" gap="small" role="status">
                <Spin size="small" />
                <Typography.Text>The AI is drafting a response…</Typography.Text>
              </Flex>
            ) : null}
            {failed ? <Alert type="error" showIcon title={item.draft?.failure ?? 'The AI could not draft a response.'} /> : null}
            {item.draft?.status === 'ready' && item.draft.sources.length > 0 ? (
              <Flex wrap gap={4} align="center" aria-label="Sources of the AI response" role="group">
                <Typography.Text type="secondary">Based on:</Typography.Text>
                {item.draft.sources.map((source) => (
                  // A Q&A question can be long: it wraps inside the card rather than widening a phone's page.
                  <Tag key={`${source.kind}-${source.id}`} style={{ whiteSpace: 'normal', maxWidth: '100%', marginInlineEnd: 0 }}>
                    {source.kind === 'question' ? 'Q&A' : 'Rule'}: {source.title}
                  </Tag>
                ))}
              </Flex>
            ) : null}
            <label>
              <Typography.Text strong>AI Response</Typography.Text>
              <Input.TextArea
                value={text}
                disabled={pending}
                onChange={(event) => setEdited({ version: item.draft?.version ?? 0, text: event.target.value })}
                autoSize={{ minRows: 2, maxRows: 10 }}
              />
            </label>
            <Space wrap>
              <Button type="primary" disabled={!text.trim()} loading={sms.isLoading || email.isLoading} onClick={() => void send()}>
                Send
              </Button>
              <Button loading={smsArchive.isLoading || emailArchive.isLoading} onClick={() => void archive()}>
                Archive
              </Button>
              <Button disabled={pending} loading={regenerating.isLoading} onClick={() => void regenerateDraft()}>
                Regenerate
              </Button>
              <Button type="link" onClick={() => setHistoryOpen(true)}>
                View History
              </Button>
            </Space>
          </>
        )}
        {readOnly ? (
          <Button type="link" style={{ alignSelf: 'flex-start', paddingInline: 0 }} onClick={() => setHistoryOpen(true)}>
            View History
          </Button>
        ) : null}
      </Flex>
      {historyOpen ? <MessageHistoryDialog messageId={item.id} onClose={() => setHistoryOpen(false)} /> : null}
    </Card>
    </article>
  );
}
