import type { InboxItem, ListInboxItems, RequestInputOf } from '@pm/contracts';
import { Alert, Button, Card, Empty, Flex, Segmented, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { LinkButton } from '../../app/LinkButton.js';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useListLocationUnitsQuery } from '../../app/generated/portfolio-api.js';
import { INBOX_POLL_MS } from '../../app/messaging/inbox-poll.js';
import { messagingTexts } from '../../app/messaging/messaging-texts.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';
import { useListInboxItemsQuery } from '../../app/generated/messaging-api.js';
import { DraftCard } from './DraftCard.js';
import { VendorConversationsList } from '../../app/messaging/VendorConversationsList.js';

type From = 'all' | 'tenants' | 'vendors';
type Filter = 'all' | 'in_progress' | 'completed' | 'emergency';
type Channel = 'all' | 'sms' | 'email';

/** While a draft is being written the list asks again every few seconds, so the card shows it as soon as it is ready. */
const DRAFTING_POLL_MS = 3_000;
const PAGE_SIZE = 20;
const basePath = '/property-manager/inbound-messages';

const filters: { label: string; value: Filter }[] = [
  { label: 'All', value: 'all' },
  { label: 'In progress', value: 'in_progress' },
  { label: 'Completed', value: 'completed' },
  { label: 'Emergency', value: 'emergency' },
];

/**
 * Inbound Messages (spec 001 §2; routes inbound-messages, /tenants and /vendors): the selected location's inbound
 * messages, newest first, each a draft card; filtered by state and channel, refreshed every 30 s.
 */
export function InboundMessagesPage({ from }: { from: From }) {
  return (
    <SelectedLocationGate title="Inbound Messages">{(locationId) => <InboundMessages key={`${locationId}:${from}`} locationId={locationId} from={from} />}</SelectedLocationGate>
  );
}

function InboundMessages({ locationId, from }: { locationId: string; from: From }) {
  const navigate = useNavigate();
  const units = useListLocationUnitsQuery({ locationId });
  const unitNames = useMemo(() => new Map((units.data ?? []).map((unit) => [unit.id, unit.name])), [units.data]);

  return (
    <Card title={<PageTitle>Inbound Messages</PageTitle>}>
      <Tabs
        activeKey={from}
        onChange={(key) => void navigate(key === 'all' ? basePath : `${basePath}/${key}`)}
        items={[
          { key: 'all', label: 'All' },
          { key: 'tenants', label: 'Tenants' },
          { key: 'vendors', label: 'Vendors' },
        ]}
      />
      {from === 'vendors' ? (
        // Spec 001 §7: the Vendors tab lists vendor conversations (GET conversation/vendor), answered in Conversations.
        <VendorConversationsList locationId={locationId} />
      ) : (
        <InboundList locationId={locationId} from={from} unitNames={unitNames} />
      )}
    </Card>
  );
}

function InboundList({ locationId, from, unitNames }: { locationId: string; from: From; unitNames: Map<string, string> }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [channel, setChannel] = useState<Channel>('all');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const choose = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setCursors([undefined]);
  };

  return (
    <>
      <Flex wrap gap="middle" style={{ marginBottom: 16 }}>
        <Segmented<Filter> aria-label="Filter" options={filters} value={filter} onChange={choose(setFilter)} />
        <Select<Channel>
          aria-label="Channel"
          value={channel}
          onChange={choose(setChannel)}
          style={{ width: 160 }}
          options={[
            { label: 'All channels', value: 'all' },
            { label: 'SMS', value: 'sms' },
            { label: 'E-mail', value: 'email' },
          ]}
        />
      </Flex>
      <Flex vertical gap="middle">
        {cursors.map((cursor, index) => (
          <InboxPage
            key={`${filter}:${channel}:${cursor ?? 'first'}`}
            locationId={locationId}
            request={{ location_id: locationId, from, filter, ...(channel === 'all' ? {} : { channel }), limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) }}
            first={index === 0}
            unitNames={unitNames}
            onNextCursor={index === cursors.length - 1 ? setNextCursor : undefined}
          />
        ))}
        {nextCursor ? <Button onClick={() => setCursors((shown) => (shown.includes(nextCursor) ? shown : [...shown, nextCursor]))}>Load more</Button> : null}
      </Flex>
    </>
  );
}

function InboxPage({
  locationId,
  request,
  first,
  unitNames,
  onNextCursor,
}: {
  locationId: string;
  request: RequestInputOf<typeof ListInboxItems>;
  first: boolean;
  unitNames: Map<string, string>;
  onNextCursor: ((cursor: string | null) => void) | undefined;
}) {
  const [drafting, setDrafting] = useState(false);
  const items = useListInboxItemsQuery(request, { pollingInterval: drafting ? DRAFTING_POLL_MS : first ? INBOX_POLL_MS : 0 });
  const next = items.data?.next_cursor ?? null;
  const anyPending = (items.data?.items ?? []).some((item: InboxItem) => item.draft?.status === 'pending' && !item.replied_to && !item.archived);
  // Derived from the answer, adjusted during render (React's pattern for state that follows what was rendered).
  if (anyPending !== drafting) setDrafting(anyPending);
  useEffect(() => {
    if (onNextCursor && items.data) onNextCursor(next);
  }, [onNextCursor, items.data, next]);

  if (items.isLoading) return <Spin description="Loading…" />;
  if (items.isError || !items.data) return <Alert type="error" showIcon title={request.channel === 'sms' ? messagingTexts.smsFailed : messagingTexts.emailsFailed} />;
  if (items.data.items.length === 0) return first ? <Empty description={messagingTexts.noMessages} /> : null;
  return (
    <>
      {items.data.items.map((item) =>
        // A vendor's text has no AI draft: the team answers it in its conversation.
        item.role === 'vendor' ? (
          <VendorMessageCard key={item.id} item={item} />
        ) : (
          <DraftCard key={item.id} item={item} locationId={locationId} unitName={item.tenant?.unit_id ? unitNames.get(item.tenant.unit_id) : undefined} />
        ),
      )}
    </>
  );
}

/** A vendor's message on the All tab: who, what, when, its state, and the way to its conversation. */
function VendorMessageCard({ item }: { item: InboxItem }) {
  const sender = item.sender_name ?? item.from;
  return (
    <article aria-label={`Vendor message from ${sender}`}>
      <Card
        size="small"
        title={
          <Space wrap>
            <Tag>Vendor</Tag>
            <Typography.Text strong>{sender}</Typography.Text>
          </Space>
        }
        extra={item.archived ? <Tag>Archived</Tag> : null}
      >
        <Flex vertical gap="small">
          <Typography.Text type="secondary">
            {item.from} · <time dateTime={item.created_at}>{new Date(item.created_at).toLocaleString()}</time>
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.message}</Typography.Paragraph>
          <LinkButton to={`/property-manager/conversations/${item.session_id}`}>Open conversation</LinkButton>
        </Flex>
      </Card>
    </article>
  );
}

/** inbound-messages */
export const AllInboundMessagesPage = () => <InboundMessagesPage from="all" />;
/** inbound-messages/tenants */
export const TenantInboundMessagesPage = () => <InboundMessagesPage from="tenants" />;
/** inbound-messages/vendors */
export const VendorInboundMessagesPage = () => <InboundMessagesPage from="vendors" />;
