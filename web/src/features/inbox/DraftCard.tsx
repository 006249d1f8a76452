import type { DraftSourceView, InboxDraft, InboxItem } from '@pm/contracts';
import { Alert, App, Button, Card, Flex, Input, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { AddQuestionDialog } from '../../app/knowledge/AddQuestionDialog.js';
import { useSendEmailResponseMutation, useSendSmsResponseMutation, useArchiveEmailSessionMutation, useArchiveSmsSessionMutation, useEditMessageDraftMutation, useRegenerateMessageDraftMutation } from '../../app/generated/messaging-api.js';
import { messagingTexts } from '../../app/messaging/messaging-texts.js';
import { MessageAttachments } from '../../app/messaging/MessageAttachments.js';
import { MessageMedia } from '../../app/messaging/MessageMedia.js';
import { SenderNotVerifiedTag } from '../../app/messaging/SenderNotVerifiedTag.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { MessageHistoryDialog } from './MessageHistoryDialog.js';

/** The draft told the tenant the manager will get back to them: the knowledge did not answer the message. */
function isDeferral(draft: InboxDraft): boolean {
  return draft.status === 'ready' && (draft.outcome === 'not-covered' || draft.outcome === 'holding-reply');
}

/** After "Add as Q&A item": the new item, and the draft version asked for once it was saved. */
interface Mending {
  questionId: string;
  version: number;
  retried: boolean;
}

/**
 * An SMS or e-mail draft card (spec 001 §2): URGENT flag, ID, sender (the tenant, or the unknown sender's number or
 * address), unit, the message with its attachments, and the AI response the team edits and sends as written, saves,
 * archives or regenerates; View History opens every version. A replied or archived item is read-only with its Sent or
 * Archived chip (spec 001 §4). A ready draft names the knowledge its reply rests on; a deferral (the holding reply)
 * names the items found near the message instead, and offers to add the message as a Q&A item, after which the card
 * regenerates the draft so that it answers from the new item.
 */
export function DraftCard({ item, unitName, locationId }: { item: InboxItem; unitName: string | undefined; locationId: string }) {
  const { notification } = App.useApp();
  const isSms = item.type === 'sms';
  const draftReply = item.draft?.status === 'ready' ? (item.draft.reply ?? '') : '';
  // The team's text once they typed; until then the current draft (which a regenerate replaces).
  const [edited, setEdited] = useState<{ version: number; text: string } | null>(null);
  const text = edited && edited.version === item.draft?.version ? edited.text : draftReply;
  const [historyOpen, setHistoryOpen] = useState(false);
  const [sendSms, sms] = useSendSmsResponseMutation();
  const [sendEmail, email] = useSendEmailResponseMutation();
  const [archiveSms, smsArchive] = useArchiveSmsSessionMutation();
  const [archiveEmail, emailArchive] = useArchiveEmailSessionMutation();
  const [regenerate, regenerating] = useRegenerateMessageDraftMutation();
  const [storeDraft, storing] = useEditMessageDraftMutation();
  const readOnly = item.replied_to || item.archived;
  const sender = item.tenant?.full_name ?? item.sender_name ?? item.from;
  const pending = item.draft?.status === 'pending';
  const failed = item.draft?.status === 'failed';
  const deferral = item.draft ? isDeferral(item.draft) : false;
  const [adding, setAdding] = useState(false);
  const [mending, setMending] = useState<Mending | null>(null);
  const [addedWhileEditing, setAddedWhileEditing] = useState(false);
  const retriedVersion = useRef<number | null>(null);

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
  // Keeps the team's wording as the draft's newest version (View History shows who wrote it), to send later.
  const store = async () => {
    try {
      const answer = await storeDraft({ id: item.id, response: text }).unwrap();
      notification.success({ title: answer.message });
    } catch (failure) {
      notification.error({ title: messagingTexts.draftStoreFailed, description: errorMessage(failure, '') || undefined });
    }
  };
  const archive = async () => {
    try {
      const answer = isSms ? await archiveSms({ id: item.session_id }).unwrap() : await archiveEmail({ id: item.session_id }).unwrap();
      notification.success({ title: answer.message });
    } catch {
      notification.error({ title: isSms ? messagingTexts.smsArchiveFailed : messagingTexts.emailArchiveFailed });
    }
  };
  const regenerateDraft = async (forQuestion?: { id: string; retry: boolean }) => {
    setAddedWhileEditing(false);
    try {
      const answer = await regenerate({ id: item.id }).unwrap();
      setEdited(null);
      setMending(forQuestion ? { questionId: forQuestion.id, version: answer.draft.version, retried: forQuestion.retry } : null);
      if (!forQuestion?.retry) notification.success({ title: answer.message });
    } catch {
      setMending(null);
      notification.error({ title: messagingTexts.regenerateFailed });
    }
  };
  /**
   * The item exists once the create call has answered: portfolio commits it with its event, which the assistant's copy
   * applies on its own consumer while messaging records the draft request on another, so the first draft asked for can
   * still, rarely, be made before the copy has the item (a deferral that does not name it). One more regenerate then
   * finds it: the item's event was published before that draft was asked for, and is applied by the time it is stored.
   */
  const questionAdded = (questionId: string) => {
    // The team's own words in the box are not thrown away by a regenerate they did not ask for.
    if (edited && edited.version === item.draft?.version && edited.text !== draftReply) setAddedWhileEditing(true);
    else void regenerateDraft({ id: questionId, retry: false });
  };
  const draft = item.draft;
  const settled = mending !== null && draft !== null && (draft.version > mending.version || (draft.version === mending.version && draft.status !== 'pending'));
  const retry = settled && !mending.retried && draft.version === mending.version && isDeferral(draft) && !draft.sources.some((source) => source.id === mending.questionId);
  // Derived from the answer, adjusted during render (React's pattern for state that follows what was rendered).
  if (settled && !retry) setMending(null);
  useEffect(() => {
    if (!retry || retriedVersion.current === mending.version) return;
    retriedVersion.current = mending.version;
    void regenerateDraft({ id: mending.questionId, retry: true });
  });

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
          <SenderNotVerifiedTag verified={item.sender_verified} />
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
              // A holding reply keeps the item it could not send (a rule's instruction, a failed translation): found, not used.
              <KnowledgeTags label={deferral ? 'Found:' : 'Based on:'} name="Sources of the AI response" items={item.draft.sources} />
            ) : null}
            {deferral && !mending && !regenerating.isLoading ? (
              <Flex vertical gap={4} align="flex-start">
                <Typography.Text type="secondary">
                  {item.draft!.outcome === 'not-covered' ? 'The knowledge base does not answer this message yet.' : 'The AI could not send an answer from the knowledge base.'}
                </Typography.Text>
                {item.draft!.near_misses.length > 0 ? <KnowledgeTags label="Related items:" name="Related items" items={item.draft!.near_misses} /> : null}
                <Button size="small" onClick={() => setAdding(true)}>
                  Add as Q&A item
                </Button>
              </Flex>
            ) : null}
            {addedWhileEditing ? <Alert type="info" showIcon title="Q&A item added. Regenerate to draft the reply from it." /> : null}
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
              <Button disabled={pending || !text.trim() || text === draftReply} loading={storing.isLoading} onClick={() => void store()}>
                Save
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
      <AddQuestionDialog open={adding} locationId={locationId} question={item.message} onCreated={(question) => questionAdded(question.id)} onClose={() => setAdding(false)} />
    </Card>
    </article>
  );
}

/** Knowledge items named on the card (the sources of a reply, or what was found near a deferred message). */
function KnowledgeTags({ label, name, items }: { label: string; name: string; items: readonly DraftSourceView[] }) {
  return (
    <Flex wrap gap={4} align="center" aria-label={name} role="group">
      <Typography.Text type="secondary">{label}</Typography.Text>
      {items.map((source) => (
        // A Q&A question can be long: it wraps inside the card rather than widening a phone's page.
        <Tag key={`${source.kind}-${source.id}`} style={{ whiteSpace: 'normal', maxWidth: '100%', marginInlineEnd: 0 }}>
          {source.kind === 'question' ? 'Q&A' : 'Rule'}: {source.title}
        </Tag>
      ))}
    </Flex>
  );
}
