import type { SentMessageView } from '@pm/contracts';
import { Alert, Button, Card, Flex, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { INBOX_POLL_MS } from '../../app/messaging/inbox-poll.js';
import { messagingTexts } from '../../app/messaging/messaging-texts.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';
import { useListSentEmailsQuery, useListSentSmsQuery } from '../../app/generated/messaging-api.js';

type SentFilter = 'all' | 'sent' | 'archived';
const PAGE_SIZE = 50;

const statusTags: Record<SentMessageView['status'], { color: string; label: string }> = {
  queued: { color: 'default', label: 'Queued' },
  sending: { color: 'processing', label: 'Sending' },
  sent: { color: 'success', label: 'Sent' },
  failed: { color: 'error', label: 'Failed' },
};

/** Sent E-mails (route sent-emails, spec 001 §2). */
export function SentEmailsPage() {
  return <SentMessagesPage channel="email" />;
}

/** Sent SMS (route sent-sms). */
export function SentSmsPage() {
  return <SentMessagesPage channel="sms" />;
}

function SentMessagesPage({ channel }: { channel: 'sms' | 'email' }) {
  const title = channel === 'email' ? 'Sent E-mails' : 'Sent SMS';
  return <SelectedLocationGate title={title}>{(locationId) => <SentList key={locationId} locationId={locationId} channel={channel} title={title} />}</SelectedLocationGate>;
}

/**
 * What went out, newest first, with each send's state: queued, sending, sent, or failed with the provider's reason (a
 * failed send is a red row with its reason, never silent). The filter (spec 001 §4): sent = sessions not archived,
 * archived = archived ones.
 */
function SentList({ locationId, channel, title }: { locationId: string; channel: 'sms' | 'email'; title: string }) {
  const [filter, setFilter] = useState<SentFilter>('all');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const request = { location_id: locationId, filter_by: filter, limit };
  const emails = useListSentEmailsQuery(request, { skip: channel !== 'email', pollingInterval: INBOX_POLL_MS });
  const sms = useListSentSmsQuery(request, { skip: channel !== 'sms', pollingInterval: INBOX_POLL_MS });
  const list = channel === 'email' ? emails : sms;

  return (
    <Card title={<PageTitle>{title}</PageTitle>}>
      <Flex vertical gap="middle">
        <Segmented<SentFilter>
          aria-label="Filter"
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setLimit(PAGE_SIZE);
          }}
          options={[
            { label: 'All', value: 'all' },
            { label: 'Sent', value: 'sent' },
            { label: 'Archived', value: 'archived' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {list.isError ? <Alert type="error" showIcon title={channel === 'email' ? messagingTexts.sentEmailsFailed : messagingTexts.smsFailed} /> : null}
        <Table<SentMessageView>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.items ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: messagingTexts.noMessages }}
          onRow={(row) => (row.status === 'failed' ? { style: { background: 'var(--ant-color-error-bg)' } } : {})}
          columns={[
            { title: 'To', key: 'to', render: (_value, row) => row.tenant?.full_name ?? row.to },
            ...(channel === 'email' ? [{ title: 'Subject', key: 'subject', render: (_value: unknown, row: SentMessageView) => row.subject ?? '—' }] : []),
            {
              title: 'Message',
              key: 'message',
              render: (_value, row) => (
                <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0, maxWidth: 480 }}>
                  {row.message}
                </Typography.Paragraph>
              ),
            },
            {
              title: 'Status',
              key: 'status',
              render: (_value, row) => (
                <Flex vertical gap={4}>
                  <span>
                    <Tag color={statusTags[row.status].color}>{statusTags[row.status].label}</Tag>
                    {row.archived ? <Tag>Archived</Tag> : null}
                  </span>
                  {row.status === 'failed' ? (
                    <Typography.Text type="danger">Not delivered: {row.failure ?? 'the provider refused it.'}</Typography.Text>
                  ) : row.failure ? (
                    <Typography.Text type="warning">Retrying after: {row.failure}</Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            {
              title: 'Date',
              key: 'date',
              render: (_value, row) => <time dateTime={row.sent_at ?? row.created_at}>{new Date(row.sent_at ?? row.created_at).toLocaleString()}</time>,
            },
          ]}
        />
        {list.data?.next_cursor ? <Button onClick={() => setLimit((current) => Math.min(current + PAGE_SIZE, 200))}>Load more</Button> : null}
      </Flex>
    </Card>
  );
}
