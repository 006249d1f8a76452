import { limits, type InboxSearchResult, type MessageSessionView } from '@pm/contracts';
import { Alert, Badge, Button, Card, Empty, Flex, Input, List, Spin, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { INBOX_POLL_MS } from '../../app/messaging/inbox-poll.js';
import { useGetMessageSessionQuery, useListMessageSessionsQuery, useSearchInboxQuery } from '../../app/generated/messaging-api.js';
import { messagingTexts } from '../../app/messaging/messaging-texts.js';
import { SessionThread } from '../../app/messaging/SessionThread.js';
import { listPaneStyle, threadPaneStyle } from '../../app/messaging/two-panes.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';
import { useDebouncedValue } from '../../lib/hooks/useDebouncedValue.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';

const SESSIONS_PAGE = 50;
/** One search per pause in typing, not per key. */
export const INBOX_SEARCH_DEBOUNCE_MS = 300;
export const inboxSearchTexts = { failed: 'Failed to search messages.', noMatch: 'No conversations match your search.' } as const;

/** Inbox (spec 001 §2; routes inbox and inbox/{id}): the session drawer with its search box, and the open thread. */
export function InboxPage() {
  return <SelectedLocationGate title="Inbox">{(locationId) => <Inbox key={locationId} locationId={locationId} />}</SelectedLocationGate>;
}

function Inbox({ locationId }: { locationId: string }) {
  const { id } = useParams();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(SESSIONS_PAGE);
  const sessions = useListMessageSessionsQuery({ location_id: locationId, limit }, { pollingInterval: INBOX_POLL_MS });
  // One list of both channels' sessions: when it fails, neither the SMS nor the e-mail sessions could be read (spec 001 §8).
  useLoadErrorToast(sessions.isError, messagingTexts.smsSessionsFailed);
  useLoadErrorToast(sessions.isError, messagingTexts.emailSessionsFailed);
  // The search box asks the server (conversation/inbox/search): every session of the location by who wrote, from
  // where, the subject and the words of any message, not only the sessions loaded so far.
  const query = useDebouncedValue(search.trim(), INBOX_SEARCH_DEBOUNCE_MS);
  const searching = query !== '';
  const found = useSearchInboxQuery({ location_id: locationId, q: query, limit: SESSIONS_PAGE }, { skip: !searching });
  const all = sessions.data?.items ?? [];
  const shown: (MessageSessionView | InboxSearchResult)[] = searching ? (found.currentData?.items ?? []) : all;
  const listed = all.find((session) => session.session_id === id) ?? found.currentData?.items.find((session) => session.session_id === id);
  // A thread linked to directly may be beyond the sessions loaded in the drawer: it is asked for on its own.
  const single = useGetMessageSessionQuery({ id: id ?? '' }, { skip: !id || !sessions.data || listed !== undefined });
  const selected = listed ?? (id ? single.data : undefined) ?? null;

  return (
    <Card title={<PageTitle>Inbox</PageTitle>} styles={{ body: { padding: 0 } }}>
      <Flex wrap style={{ minHeight: 480 }}>
        <nav
          aria-label="Conversations"
          style={{ ...listPaneStyle, borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, padding: token.paddingSM }}
        >
          <Input.Search
            aria-label="Search conversations"
            placeholder="Search"
            allowClear
            maxLength={limits.search}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {sessions.isLoading || (searching && found.isFetching && !found.currentData) ? <Spin description="Loading…" /> : null}
          {!searching && sessions.isError ? <Alert type="error" showIcon title={messagingTexts.smsSessionsFailed} /> : null}
          {searching && found.isError ? <Alert type="error" showIcon title={errorMessage(found.error, inboxSearchTexts.failed)} /> : null}
          {(searching ? found.currentData : sessions.data) ? (
            <List
              dataSource={shown}
              locale={{ emptyText: <Empty description={searching ? inboxSearchTexts.noMatch : messagingTexts.noMessages} /> }}
              renderItem={(session) => (
                <List.Item style={{ background: session.session_id === id ? token.colorPrimaryBg : undefined, paddingInline: token.paddingXS }}>
                  <Link to={`/property-manager/inbox/${session.session_id}`} style={{ width: '100%' }} aria-current={session.session_id === id ? 'page' : undefined}>
                    <Flex justify="space-between" gap="small">
                      <Typography.Text strong ellipsis>
                        {session.from.name ?? session.from.source}
                      </Typography.Text>
                      <span>
                        {session.urgent ? <Tag color="red">URGENT</Tag> : null}
                        <Badge count={session.unread_count} aria-label={`${session.unread_count} unread`} />
                      </span>
                    </Flex>
                    <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
                      {session.type === 'sms' ? 'SMS' : session.type === 'email' ? 'E-mail' : 'Vendor'} ·{' '}
                      {('match' in session && session.match?.message) || session.subject || session.last_message?.message || ''}
                    </Typography.Text>
                  </Link>
                </List.Item>
              )}
            />
          ) : null}
          {!searching && sessions.data?.next_cursor ? <Button block onClick={() => setLimit((current) => Math.min(current + SESSIONS_PAGE, 200))}>Load more</Button> : null}
        </nav>
        <section aria-label="Thread" style={{ ...threadPaneStyle, padding: token.padding }}>
          {id && !selected && (sessions.isLoading || single.isLoading) ? (
            <Spin description="Loading…" />
          ) : id && !selected && single.isError ? (
            <Alert type="error" showIcon title={messagingTexts.threadFailed} />
          ) : (
            <SessionThread session={selected} />
          )}
        </section>
      </Flex>
    </Card>
  );
}
