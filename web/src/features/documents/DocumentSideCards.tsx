import { App, Button, Card, Empty, Input, List, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { DOCUMENT_REPROCESSING_STARTED, DOCUMENT_SUMMARY_NOT_AVAILABLE } from '@pm/contracts';
import { CLAUSE_FIELDS, factLabel, formatFactValue } from '../../app/documents/document-facts.js';
import { useGetDocumentExtractQuery, useGetDocumentSummaryQuery, useReprocessDocumentMutation } from '../../app/generated/vault-api.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useCommunicateWithAssistantMutation } from '../../app/generated/assistant-api.js';

/** While the document is in one of these, its summary is still being written: there is nothing to reprocess yet. */
const BEING_READ = new Set(['NEW', 'PROCESSING', 'READY']);
export const SUMMARY_BEING_WRITTEN = 'The AI is reading this document; its summary will appear here when it is done.';

/**
 * Spec 001 §4 "Document summary": loading; error with "Process Document With AI" (reprocess); or the summary. A
 * document still being read (READY: its text is read, the assistant's reading is under way) says so instead of
 * "not available", and offers no reprocess, which would only start the reading over.
 */
export function SummaryCard({ documentId, status }: { documentId: string; status: string }) {
  const { notification } = App.useApp();
  const summary = useGetDocumentSummaryQuery({ id: documentId });
  const [reprocess, reprocessing] = useReprocessDocumentMutation();
  const start = async () => {
    try {
      await reprocess({ id: documentId, idempotencyKey: crypto.randomUUID() }).unwrap();
      notification.success({ title: DOCUMENT_REPROCESSING_STARTED });
    } catch {
      notification.error({ title: 'Failed to reprocess document. Please try again.' });
    }
  };
  return (
    <Card title="AI Summary" size="small" aria-label="AI Summary">
      {summary.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (summary.isError || !summary.data?.summary) && BEING_READ.has(status) ? (
        <Typography.Text type="secondary">{SUMMARY_BEING_WRITTEN}</Typography.Text>
      ) : summary.isError || !summary.data?.summary ? (
        <Space orientation="vertical">
          <Typography.Text type="secondary">{DOCUMENT_SUMMARY_NOT_AVAILABLE}</Typography.Text>
          <Button onClick={() => void start()} loading={reprocessing.isLoading}>
            Process Document With AI
          </Button>
        </Space>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{summary.data.summary}</Typography.Paragraph>
      )}
    </Card>
  );
}


/** The facts read from the document, each with its source sentence; clicking one shows the page it came from. */
export function ExtractedFactsCard({ documentId, onShowPage }: { documentId: string; onShowPage: (page: number) => void }) {
  const extract = useGetDocumentExtractQuery({ id: documentId });
  const facts = extract.data?.facts ?? [];
  return (
    <Card title="Extracted Details" size="small" aria-label="Extracted Details">
      {extract.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : facts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No details extracted yet." />
      ) : (
        <List
          size="small"
          dataSource={facts}
          rowKey={(fact) => `${fact.source}:${fact.field}:${fact.page}:${fact.span_start}`}
          renderItem={(fact) => (
            <List.Item
              onClick={() => onShowPage(fact.page)}
              style={{ cursor: 'pointer', display: 'block' }}
              aria-label={`${factLabel(fact)}: ${formatFactValue(fact.field, fact.value)}`}
            >
              <Typography.Text strong>{factLabel(fact)}:</Typography.Text> {formatFactValue(fact.field, fact.value)}
              {/*
                Where it was read: the sentence and its page (a clause is its own sentence: the page only). A computed value
                (an end date from the term, the notice deadline) and the model's finds are marked so the reader knows.
              */}
              <Typography.Paragraph type="secondary" italic style={{ margin: '4px 0 0' }}>
                {CLAUSE_FIELDS.has(fact.field) ? '' : `“${fact.sentence}” `}(page {fact.page}){fact.derived ? ' · computed' : ''}
                {fact.source === 'model' ? ' · found by AI' : ''}
              </Typography.Paragraph>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

interface ChatTurn {
  question: string;
  answer: string;
}

/** Asks the assistant about this document (the manager chat's Documents tab with its id). */
export function DocumentChatCard({ documentId, locationId }: { documentId: string; locationId: string | null }) {
  const [ask, asking] = useCommunicateWithAssistantMutation();
  const [sessionId, setSessionId] = useState<string | undefined>();
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    const question = draft.trim();
    if (!question) return;
    setError(null);
    try {
      const reply = await ask({ message: question, session_id: sessionId, document_id: documentId, chat_type: 'documents', ...(locationId ? { location_id: locationId } : {}) }).unwrap();
      setSessionId(reply.session_id);
      setTurns((previous) => [...previous, { question, answer: reply.message }]);
      setDraft('');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to send message'));
    }
  };
  return (
    <Card title="Ask about this document" size="small" aria-label="Document chat">
      <List
        size="small"
        dataSource={turns}
        // antd draws an empty list's text in the disabled colour, too faint to read (WCAG 1.4.3): a secondary text reads.
        locale={{ emptyText: <Typography.Text type="secondary">Ask a question about this document, for example &quot;When does the lease end?&quot;</Typography.Text> }}
        renderItem={(turn) => (
          <List.Item style={{ display: 'block' }}>
            <Typography.Text strong>{turn.question}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>{turn.answer}</Typography.Paragraph>
          </List.Item>
        )}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input aria-label="Question about this document" value={draft} maxLength={2000} onChange={(event) => setDraft(event.target.value)} onPressEnter={() => void send()} />
        <Button type="primary" loading={asking.isLoading} onClick={() => void send()}>
          Ask
        </Button>
      </Space.Compact>
    </Card>
  );
}
