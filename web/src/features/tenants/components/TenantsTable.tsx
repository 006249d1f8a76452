import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSetPrimaryTenantMutation } from '../../../app/generated/portfolio-api.js';
import { displayPhone } from '../../../lib/format/phone-format.js';
import { emailsOf, phonesOf, type Tenant } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';
import { DeleteTenantDialog } from './DeleteTenantDialog.js';
import { RetrieveTenantDialog } from './RetrieveTenantDialog.js';
import { TenantFormDialog } from './TenantFormDialog.js';

export const tenantDetailPath = (id: string) => `/property-manager/tenants/${encodeURIComponent(id)}`;

/**
 * A list of tenants with their actions: active ones can be edited, set as primary and archived; archived (past)
 * ones can be retrieved or deleted for good.
 */
export function TenantsTable({ tenants, loading, showUnit, emptyText }: { tenants: Tenant[]; loading: boolean; showUnit: boolean; emptyText?: string | undefined }) {
  const { notification } = App.useApp();
  const [editing, setEditing] = useState<Tenant | null>(null);
  const [deleting, setDeleting] = useState<Tenant | null>(null);
  const [retrieving, setRetrieving] = useState<Tenant | null>(null);
  const [setPrimary] = useSetPrimaryTenantMutation();

  const makePrimary = async (tenant: Tenant) => {
    try {
      await setPrimary({ id: tenant.id }).unwrap();
      notification.success({ title: tenantMessages.primarySet });
    } catch {
      notification.error({ title: tenantMessages.primaryFailed });
    }
  };

  return (
    <>
      <Table<Tenant>
        rowKey="id"
        loading={loading}
        dataSource={tenants}
        pagination={false}
        locale={{ emptyText: emptyText ?? 'No tenants yet' }}
        columns={[
          {
            title: 'Name',
            key: 'name',
            render: (_value, tenant) => (
              <Space>
                <Link to={tenantDetailPath(tenant.id)}>{tenant.full_name}</Link>
                {tenant.is_primary ? <Tag color="blue">Primary</Tag> : null}
              </Space>
            ),
          },
          ...(showUnit
            ? [
                { title: 'Unit', key: 'unit', render: (_value: unknown, tenant: Tenant) => tenant.unitName },
                { title: 'Building', key: 'building', render: (_value: unknown, tenant: Tenant) => tenant.buildingName },
              ]
            : []),
          { title: 'Email', key: 'email', render: (_value, tenant) => emailsOf(tenant).join(', ') },
          { title: 'Phone', key: 'phone', render: (_value, tenant) => phonesOf(tenant).map(displayPhone).join(', ') },
          {
            title: 'Actions',
            key: 'actions',
            render: (_value, tenant) =>
              tenant.is_archived ? (
                <Space>
                  <Button size="small" onClick={() => setRetrieving(tenant)} aria-label={`Retrieve ${tenant.full_name}`}>
                    Retrieve
                  </Button>
                  <Button size="small" danger onClick={() => setDeleting(tenant)} aria-label={`Delete ${tenant.full_name}`}>
                    Delete
                  </Button>
                </Space>
              ) : (
                <Space>
                  <Button size="small" onClick={() => setEditing(tenant)} aria-label={`Edit ${tenant.full_name}`}>
                    Edit
                  </Button>
                  {tenant.is_primary ? null : (
                    <Button size="small" onClick={() => void makePrimary(tenant)} aria-label={`Set as primary: ${tenant.full_name}`}>
                      Set as primary
                    </Button>
                  )}
                  <Button size="small" danger onClick={() => setDeleting(tenant)} aria-label={`Archive ${tenant.full_name}`}>
                    Archive
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {editing ? <TenantFormDialog mode="edit" open tenant={editing} onClose={() => setEditing(null)} /> : null}
      <DeleteTenantDialog tenant={deleting} onClose={() => setDeleting(null)} />
      <RetrieveTenantDialog tenant={retrieving} onClose={() => setRetrieving(null)} />
    </>
  );
}
