import { Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { useGetPropertyLocationQuery } from '../../app/location-data-api.js';
import { useLocationIdParam } from '../../app/pm-shell/useLocationIdParam.js';
import { displayPhone } from '../../lib/format/phone-format.js';
import { useGetPartnersQuery } from './api.js';
import { canManagePartners, partnerMessages, partnerRoleLabel, type Partner } from './partner.js';
import { PartnerFormDialog } from './PartnerFormDialog.js';
import { RemovePartnerDialog } from './RemovePartnerDialog.js';

/**
 * property-locations/{id}/managers: the location's partners. Only the location's owner and admins see the add,
 * update and remove actions; the server refuses the others anyway (403).
 */
export function PartnersPage() {
  const locationId = useLocationIdParam();
  const location = useGetPropertyLocationQuery(locationId);
  const partners = useGetPartnersQuery(locationId);
  const [adding, setAdding] = useState(false);
  const [updating, setUpdating] = useState<Partner | null>(null);
  const [removing, setRemoving] = useState<Partner | null>(null);
  useLoadErrorToast(partners.isError, partnerMessages.fetchFailed);
  const canManage = canManagePartners(location.data?.access_role);

  return (
    <Card
      title="Property Partners"
      extra={
        canManage ? (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add Property Partner
          </Button>
        ) : null
      }
    >
      <Table<Partner>
        rowKey="id"
        loading={partners.isLoading}
        dataSource={partners.data ?? []}
        pagination={false}
        locale={{ emptyText: 'No property partners yet' }}
        columns={[
          { title: 'Name', key: 'name', render: (_value, partner) => partner.manager.limitedUser.full_name },
          { title: 'Email', key: 'email', render: (_value, partner) => partner.manager.limitedUser.email },
          { title: 'Phone', key: 'phone', render: (_value, partner) => (partner.manager.limitedUser.phone ? displayPhone(partner.manager.limitedUser.phone) : '') },
          { title: 'Role', key: 'role', render: (_value, partner) => partnerRoleLabel(partner.role) },
          {
            title: 'Emergency contact',
            key: 'emergency',
            render: (_value, partner) => (partner.is_emergency_contact ? <Tag color="red">Emergency contact</Tag> : null),
          },
          ...(canManage
            ? [
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_value: unknown, partner: Partner) => (
                    <Space>
                      <Button size="small" aria-label={`Update ${partner.manager.limitedUser.full_name}`} onClick={() => setUpdating(partner)}>
                        Update
                      </Button>
                      <Button size="small" danger aria-label={`Remove ${partner.manager.limitedUser.full_name}`} onClick={() => setRemoving(partner)}>
                        Remove
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <PartnerFormDialog mode="add" open={adding} locationId={locationId} onClose={() => setAdding(false)} />
      {updating ? <PartnerFormDialog mode="update" open partner={updating} onClose={() => setUpdating(null)} /> : null}
      <RemovePartnerDialog partner={removing} locationId={locationId} onClose={() => setRemoving(null)} />
    </Card>
  );
}
