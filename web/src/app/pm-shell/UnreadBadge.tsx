import { InboxOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { INBOX_POLL_MS } from '../messaging/inbox-poll.js';
import { useGetInboxUnreadCountQuery } from '../generated/messaging-api.js';

/**
 * The navbar's unread count (spec 000 §7): inbound messages of the selected location nobody of the team has read,
 * asked every 30 s, for property managers only (the shell renders it for them alone). It opens the inbox.
 */
export function UnreadBadge({ locationId }: { locationId: string }) {
  const unread = useGetInboxUnreadCountQuery({ location_id: locationId }, { pollingInterval: INBOX_POLL_MS });
  const count = unread.data?.unreadCount ?? 0;
  return (
    <Link to="/property-manager/inbox" aria-label={count > 0 ? `Inbox, ${count} unread` : 'Inbox'}>
      <Badge count={count} size="small" overflowCount={99}>
        <InboxOutlined style={{ fontSize: 20 }} />
      </Badge>
    </Link>
  );
}
