import { Alert, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';
import type { GetInboundCall, ResponseOf } from '@pm/contracts';
import { useListInboundCallsQuery } from '../../app/generated/messaging-api.js';

type InboundCall = ResponseOf<typeof GetInboundCall>;

const STATUS_LABELS: Record<InboundCall['status'], string> = {
  in_progress: 'In progress',
  completed: 'Completed',
  busy: 'Busy',
  failed: 'Failed',
  no_answer: 'No answer',
  canceled: 'Canceled',
};

const TURN_LABELS: Record<InboundCall['turns'][number]['kind'], string> = {
  pending: 'Waiting for the assistant',
  answer: 'Answered by the assistant',
  holding: 'Passed to the team',
  goodbye: 'Caller said goodbye',
};

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = { borderBottom: '1px solid rgba(5, 5, 5, 0.06)', padding: '12px 0' } as const;
const rowButtonStyle = { width: '100%', textAlign: 'left', border: 'none', padding: '0 16px', cursor: 'pointer', font: 'inherit' } as const;

function duration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** One call: who called, when, how it ended, and what was said, turn by turn. */
function CallTranscript({ call }: { call: InboundCall }) {
  const caller = call.tenant?.full_name ?? call.from;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>
        {caller} {call.tenant ? <Typography.Text type="secondary">({call.from})</Typography.Text> : null}
      </Typography.Text>
      <Typography.Text type="secondary">
        {when(call.started_at)} · {STATUS_LABELS[call.status]}
        {call.duration_seconds !== null ? ` · ${duration(call.duration_seconds)}` : ''}
      </Typography.Text>
      {call.turns.length === 0 ? (
        <Typography.Text type="secondary">The caller did not say anything.</Typography.Text>
      ) : (
        <ol aria-label="Transcript" style={listStyle}>
          {call.turns.map((turn) => (
            <li key={turn.id} style={itemStyle}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Text>
                  <Typography.Text strong>Caller: </Typography.Text>
                  {turn.transcript}
                  {turn.urgent ? (
                    <Tag color="red" style={{ marginLeft: 8 }}>
                      URGENT
                    </Tag>
                  ) : null}
                </Typography.Text>
                {turn.answer ? (
                  <Typography.Text>
                    <Typography.Text strong>Assistant: </Typography.Text>
                    {turn.answer}
                  </Typography.Text>
                ) : null}
                <Typography.Text type="secondary">{TURN_LABELS[turn.kind]}</Typography.Text>
              </Space>
            </li>
          ))}
        </ol>
      )}
    </Space>
  );
}

function InboundCallsList({ locationId }: { locationId: string }) {
  const { data, isLoading, isError } = useListInboundCallsQuery({ location_id: locationId, limit: 50 });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  if (isError) return <Alert type="error" title="Failed to fetch inbound calls." />;
  const calls = data?.items ?? [];
  const selected = calls.find((call) => call.id === selectedId) ?? calls[0] ?? null;
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Card style={{ flex: '1 1 320px', maxWidth: 420 }} styles={{ body: { padding: 0 } }}>
        {isLoading ? (
          <Spin style={{ display: 'block', padding: 24 }} />
        ) : calls.length === 0 ? (
          <Empty style={{ padding: 24 }} description="No calls yet." />
        ) : (
          <ul aria-label="Inbound calls" style={listStyle}>
            {calls.map((call) => (
              <li key={call.id} style={itemStyle}>
                <button
                  type="button"
                  onClick={() => setSelectedId(call.id)}
                  aria-current={call.id === selected?.id ? 'true' : undefined}
                  style={{ ...rowButtonStyle, background: call.id === selected?.id ? 'rgba(0, 0, 0, 0.04)' : 'transparent' }}
                >
                  <Typography.Text strong>{call.tenant?.full_name ?? call.from}</Typography.Text>
                  {call.urgent ? (
                    <Tag color="red" style={{ marginLeft: 8 }}>
                      URGENT
                    </Tag>
                  ) : null}
                  <br />
                  <Typography.Text type="secondary">
                    {when(call.started_at)} · {STATUS_LABELS[call.status]} · {call.turns.length} {call.turns.length === 1 ? 'turn' : 'turns'}
                  </Typography.Text>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card style={{ flex: '2 1 400px' }} title="Transcript">
        {selected ? <CallTranscript call={selected} /> : <Typography.Text type="secondary">Select a call to read its transcript.</Typography.Text>}
      </Card>
    </div>
  );
}

/** inbound-call (spec 001 §2, Inbound Calls): the selected location's calls, newest first, with their transcripts. */
export function InboundCallsPage() {
  return (
    <SelectedLocationGate title="Inbound Calls">
      {(locationId) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <PageTitle>Inbound Calls</PageTitle>
          <InboundCallsList key={locationId} locationId={locationId} />
        </Space>
      )}
    </SelectedLocationGate>
  );
}
