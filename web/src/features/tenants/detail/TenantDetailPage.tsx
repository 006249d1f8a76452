import { Alert, App, Button, Card, Descriptions, Space, Spin, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useGetTenantQuery, useSetPrimaryTenantMutation } from '../../../app/generated/portfolio-api.js';
import { DeleteTenantDialog } from '../components/DeleteTenantDialog.js';
import { RetrieveTenantDialog } from '../components/RetrieveTenantDialog.js';
import { TenantFormDialog } from '../components/TenantFormDialog.js';
import { displayPhone } from '../../../lib/format/phone-format.js';
import { emailsOf, phonesOf } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';
import { LeaseDetailsForm } from './LeaseDetailsForm.js';
import { TenantSmsTab } from './TenantSmsTab.js';
import { tenantTabs } from '../../../app/tenant-tabs.js';
import { PageTitle, SectionTitle } from '../../../app/pm-shell/PageTitle.js';

/**
 * tenants/{id}: contacts, unit, building and the lease facts; tenants/{id}/sms: the tenant's SMS thread. Spec 001
 * also gives the detail documents and payments tabs; those arrive with the document and payment services.
 */
export function TenantDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const tenant = useGetTenantQuery({ id });
  const [setPrimary, settingPrimary] = useSetPrimaryTenantMutation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [retrieving, setRetrieving] = useState(false);
  const { pathname } = useLocation();
  const activeTab = pathname.endsWith('/sms') ? 'sms' : (tenantTabs.find((tab) => pathname.endsWith(`/${tab.key}`))?.key ?? 'details');

  if (tenant.isLoading) return <Spin description="Loading…" />;
  if (!tenant.data) return <Alert type="error" showIcon title={errorMessage(tenant.error, tenantMessages.fetchFailed)} />;
  const current = tenant.data;

  const makePrimary = async () => {
    try {
      await setPrimary({ id: current.id }).unwrap();
      notification.success({ title: tenantMessages.primarySet });
    } catch {
      notification.error({ title: tenantMessages.primaryFailed });
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <PageTitle>{current.full_name}</PageTitle>
            {current.is_primary ? <Tag color="blue">Primary</Tag> : null}
            {current.is_archived ? <Tag>Archived</Tag> : null}
          </Space>
        }
        extra={
          current.is_archived ? (
            <Space>
              <Button onClick={() => setRetrieving(true)}>Retrieve</Button>
              <Button danger onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </Space>
          ) : (
            <Space>
              <Button onClick={() => setEditing(true)}>Edit Tenant</Button>
              {current.is_primary ? null : (
                <Button loading={settingPrimary.isLoading} onClick={() => void makePrimary()}>
                  Set as primary
                </Button>
              )}
              <Button danger onClick={() => setDeleting(true)}>
                Archive
              </Button>
            </Space>
          )
        }
      >
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="Email">{emailsOf(current).join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="Phone">{phonesOf(current).map(displayPhone).join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="Unit">{current.unitName}</Descriptions.Item>
          <Descriptions.Item label="Building">{current.buildingName}</Descriptions.Item>
          <Descriptions.Item label="Account">{current.user_id ? 'Signed up' : current.onboarding_email_sent_at ? 'Invited' : 'Not invited'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Tabs
        activeKey={activeTab}
        onChange={(key) => void navigate(`/property-manager/tenants/${current.id}${key === 'details' ? '' : `/${key}`}`)}
        items={[
          {
            key: 'details',
            label: 'Lease',
            children: (
              <Card title={<SectionTitle>Lease</SectionTitle>}>
                <LeaseDetailsForm key={`${current.id}:${JSON.stringify(current.metadata)}`} tenant={current} />
              </Card>
            ),
          },
          { key: 'sms', label: 'SMS', children: <TenantSmsTab tenant={current} /> },
          ...tenantTabs.map(({ key, label, Component }) => ({ key, label, children: <Component tenantId={current.id} locationId={current.property_location_id} /> })),
        ]}
      />
      {editing ? <TenantFormDialog mode="edit" open tenant={current} onClose={() => setEditing(false)} /> : null}
      <DeleteTenantDialog
        tenant={deleting ? current : null}
        onClose={() => setDeleting(false)}
        onDone={(deleted) => {
          if (deleted) void navigate('/property-manager/past-tenants', { replace: true });
        }}
      />
      <RetrieveTenantDialog tenant={retrieving ? current : null} onClose={() => setRetrieving(false)} />
    </Space>
  );
}
