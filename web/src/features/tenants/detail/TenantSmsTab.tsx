import { Alert, Empty, Spin } from 'antd';
import { INBOX_POLL_MS } from '../../../app/messaging/inbox-poll.js';
import { useListMessageSessionsQuery } from '../../../app/generated/messaging-api.js';
import { messagingTexts } from '../../../app/messaging/messaging-texts.js';
import { SessionThread } from '../../../app/messaging/SessionThread.js';
import type { Tenant } from '../tenant.js';

/**
 * The tenant detail's SMS tab (spec 001 §2, tenants/{id}/sms): the tenant's SMS conversation with the location (one
 * session per tenant and channel), its thread and the reply box, as the inbox shows it.
 */
export function TenantSmsTab({ tenant }: { tenant: Tenant }) {
  const sessions = useListMessageSessionsQuery(
    { location_id: tenant.property_location_id, channel: 'sms', tenant_id: tenant.id, limit: 1 },
    { pollingInterval: INBOX_POLL_MS },
  );
  if (sessions.isLoading) return <Spin description="Loading…" />;
  if (sessions.isError || !sessions.data) return <Alert type="error" showIcon title={messagingTexts.smsSessionsFailed} />;
  const session = sessions.data.items[0];
  if (!session) return <Empty description="No SMS messages with this tenant yet." />;
  return <SessionThread session={session} />;
}
