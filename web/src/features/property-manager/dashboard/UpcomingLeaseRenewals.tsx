import { Alert, Button, Card, Select, Table } from 'antd';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useListExpiringLeasesQuery, useSendLeaseRenewalEmailMutation } from '../../../app/generated/portfolio-api.js';
import { DEFAULT_EXPIRING_LEASE_WINDOW, expiringLeaseWindows, leaseRenewalMessages, type ExpiringLease } from '../lease-renewals.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';

/** "2027-03-01" → "Mar 1, 2027", read as a calendar day (no time zone shift). */
const formatExpiry = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Upcoming Lease Renewals (spec 001, Dashboard): the location's active leases ending within the chosen window
 * (spec section 9: 15 to 365 days, default 60), each with a renewal e-mail action.
 */
export function UpcomingLeaseRenewals({ locationId }: { locationId: string }) {
  const { notification } = useFeedback();
  const [days, setDays] = useState<number>(DEFAULT_EXPIRING_LEASE_WINDOW);
  const query = useListExpiringLeasesQuery({ locationId, days });
  const [send, { isLoading: sending, originalArgs }] = useSendLeaseRenewalEmailMutation();

  const sendRenewal = async (lease: ExpiringLease) => {
    // Spec 001 section 5: the renewal e-mail is built from the building's template; without a building, say so.
    if (!lease.buildingId) {
      notification.error({ title: leaseRenewalMessages.buildingRequired });
      return;
    }
    const result = await send({ tenantId: lease.tenantId, buildingId: lease.buildingId });
    if ('error' in result) {
      notification.error({ title: errorMessage(result.error, leaseRenewalMessages.sendFailed) });
      return;
    }
    notification.success({ title: leaseRenewalMessages.sent });
  };

  return (
    <Card
      title={<SectionTitle>{leaseRenewalMessages.title}</SectionTitle>}
      extra={
        <Select
          aria-label="Lease renewal window"
          value={days}
          onChange={setDays}
          options={expiringLeaseWindows.map((window) => ({ value: window, label: `Next ${window} days` }))}
          style={{ width: 150 }}
        />
      }
    >
      {query.isError ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(query.error, leaseRenewalMessages.loadFailed)} />
      ) : (
        <Table<ExpiringLease>
          rowKey="tenantId"
          size="small"
          loading={query.isFetching}
          dataSource={query.data ?? []}
          pagination={false}
          locale={{ emptyText: leaseRenewalMessages.empty }}
          columns={[
            { title: 'Tenant', dataIndex: 'tenantName' },
            { title: 'Unit', dataIndex: 'unitName' },
            { title: 'Building', dataIndex: 'buildingName' },
            { title: 'Expiry date', dataIndex: 'expiryDate', render: (day: string) => formatExpiry(day) },
            {
              title: 'Action',
              key: 'action',
              render: (_value, lease) => (
                <Button
                  size="small"
                  aria-label={`${leaseRenewalMessages.sendAction} to ${lease.tenantName}`}
                  loading={sending && originalArgs?.tenantId === lease.tenantId}
                  onClick={() => void sendRenewal(lease)}
                >
                  {leaseRenewalMessages.sendAction}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
