import type { InboxItem } from '@pm/contracts';
import { Alert, Card, Flex, List, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { LinkButton } from '../../../app/LinkButton.js';
import { INBOX_POLL_MS } from '../../../app/messaging/inbox-poll.js';
import { useGetInboxUnreadCountQuery, useListInboxItemsQuery, useListTicketsQuery } from '../../../app/generated/messaging-api.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { awaitingReplyRequest, openTicketsRequest } from '../dashboard-requests.js';

/** Our own words where the spec is silent (its dashboard lists "the inbound list" without naming its texts). */
export const awaitingReplyTexts = {
  title: 'Messages awaiting a reply',
  awaiting: 'Awaiting reply',
  unread: 'Unread',
  openTickets: 'Open tickets',
  empty: 'Every message has been answered.',
  loadFailed: 'Failed to fetch inbound messages.',
  /** Spec 001 §8. */
  ticketsFailed: 'Failed to fetch tickets.',
  openInbox: 'Open inbound messages',
  /** A message nobody has read yet. */
  newTag: 'New',
} as const;

/** How much of a message the list quotes: one line on a laptop. */
const EXCERPT = 140;

function excerpt(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length <= EXCERPT ? words : `${words.slice(0, EXCERPT - 1).trimEnd()}…`;
}

function senderOf(item: InboxItem): string {
  return item.tenant?.full_name || item.sender_name || item.from;
}

/**
 * The dashboard's inbound list (spec 001, Dashboard: "live status events refresh dashboard statistics and the inbound
 * list"): how many tenants' messages wait for a reply, how many are unread, how many tickets are open, and the newest
 * waiting messages, urgent ones marked, each opening its thread. Its queries share the inbox's and tickets' cache tags,
 * so the console's notify stream refreshes it live; the 30 s poll is the fallback.
 */
export function AwaitingReplyCard({ locationId }: { locationId: string }) {
  const awaiting = useListInboxItemsQuery(awaitingReplyRequest(locationId), { pollingInterval: INBOX_POLL_MS });
  const unread = useGetInboxUnreadCountQuery({ location_id: locationId }, { pollingInterval: INBOX_POLL_MS });
  const tickets = useListTicketsQuery(openTicketsRequest(locationId), { pollingInterval: INBOX_POLL_MS });

  return (
    <Card title={<SectionTitle>{awaitingReplyTexts.title}</SectionTitle>} extra={<LinkButton type="link" to="/property-manager/inbound-messages/tenants">{awaitingReplyTexts.openInbox}</LinkButton>}>
      {/* No `loading` on the figures: antd draws it as a skeleton whose title is an empty h3, an empty heading in the
          page's outline for a screen reader. Until the answer comes a figure reads "—". */}
      <Flex gap={48} wrap style={{ marginBottom: 16 }}>
        <Statistic title={awaitingReplyTexts.awaiting} value={awaiting.data?.total ?? '—'} />
        <Statistic title={awaitingReplyTexts.unread} value={unread.data?.unreadCount ?? '—'} />
        <Statistic title={awaitingReplyTexts.openTickets} value={tickets.data?.total ?? '—'} />
      </Flex>
      {tickets.isError ? <Alert type="error" showIcon role="alert" title={awaitingReplyTexts.ticketsFailed} style={{ marginBottom: 12 }} /> : null}
      {awaiting.isError ? (
        <Alert type="error" showIcon role="alert" title={awaitingReplyTexts.loadFailed} />
      ) : (
        <List<InboxItem>
          size="small"
          loading={awaiting.isLoading}
          dataSource={awaiting.data?.items ?? []}
          locale={{ emptyText: awaitingReplyTexts.empty }}
          renderItem={(item) => (
            <List.Item>
              <Flex vertical gap={2} style={{ minWidth: 0, width: '100%' }}>
                <Flex gap={8} align="center" wrap>
                  <Link to={`/property-manager/inbox/${item.session_id}`}>{senderOf(item)}</Link>
                  <Tag>{item.type === 'email' ? 'Email' : 'SMS'}</Tag>
                  {item.urgent ? <Tag color="red">URGENT</Tag> : null}
                  {item.read ? null : <Tag color="blue">{awaitingReplyTexts.newTag}</Tag>}
                  <Typography.Text type="secondary">
                    <time dateTime={item.created_at}>{new Date(item.created_at).toLocaleString()}</time>
                  </Typography.Text>
                </Flex>
                <Typography.Text style={{ overflowWrap: 'anywhere' }}>{excerpt(item.message)}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
