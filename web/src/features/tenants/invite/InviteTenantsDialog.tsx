import { Alert, App, Button, Flex, Form, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useListBuildingsQuery, useListLocationUnitsQuery, useInviteTenantsMutation } from '../../../app/generated/portfolio-api.js';
import { useGetInviteTemplateQuery } from '../../../app/generated/messaging-api.js';
import { InviteTenantPicker } from './InviteTenantPicker.js';
import { useInvitableTenants } from './useInvitableTenants.js';
import { isInvitable, type Tenant } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';
import { OPEN_ADD_TENANT } from '../unit/UnitTenantsPanel.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { InviteTenants as InviteTenantsCall } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';

interface InviteValues {
  tenantIds: string[];
  subject: string;
  body: string;
}

export interface InviteTenantsDialogProps {
  locationId: string;
  open: boolean;
  onClose(): void;
}

/**
 * Invite Tenants (spec 001 sections 2, 3, 4 and 5): the location's first building's invite template, a picker of the
 * tenants without an account (search, building, select all), and a confirmation when more than one is invited.
 */
export function InviteTenantsDialog({ locationId, open, onClose }: InviteTenantsDialogProps) {
  return (
    <Modal open={open} title="Invite Tenants" onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {open ? <InviteTenants locationId={locationId} onClose={onClose} /> : null}
    </Modal>
  );
}

export const addTenantPath = (unitId: string) => `/property-manager/units/${encodeURIComponent(unitId)}?${OPEN_ADD_TENANT}=true`;

function InviteTenants({ locationId, onClose }: { locationId: string; onClose: () => void }) {
  const buildings = useListBuildingsQuery({ location_id: locationId }, { refetchOnMountOrArgChange: true });
  const firstBuilding = buildings.data?.[0];
  const template = useGetInviteTemplateQuery({ buildingId: firstBuilding?.id ?? '' }, { skip: !firstBuilding, refetchOnMountOrArgChange: true });
  const tenants = useInvitableTenants(locationId);
  const noTenants = tenants.isSuccess && tenants.data.length === 0;
  const units = useListLocationUnitsQuery({ locationId }, { skip: !noTenants });
  useLoadErrorToast(template.isError, tenantMessages.fetchTemplateFailed);
  useLoadErrorToast(tenants.isError, tenantMessages.fetchForLocationFailed);

  if (buildings.isLoading || tenants.isLoading || template.isLoading) return <Spin description="Loading…" />;
  if (buildings.isSuccess && !firstBuilding) return <Alert type="warning" showIcon title={tenantMessages.noBuilding} />;
  if (noTenants) {
    const firstUnit = units.data?.[0];
    return (
      <Typography.Paragraph>
        This location has no tenants yet.{' '}
        {firstUnit ? (
          <Link to={addTenantPath(firstUnit.id)} onClick={onClose}>
            Add a Tenant
          </Link>
        ) : units.isSuccess ? (
          'Add a unit first, then add its tenants.'
        ) : null}
      </Typography.Paragraph>
    );
  }
  return (
    <InviteForm
      locationId={locationId}
      tenants={tenants.data ?? []}
      initialValues={{ tenantIds: [], subject: template.data?.subject ?? '', body: template.data?.body ?? '' }}
      onClose={onClose}
    />
  );
}

function InviteForm({ locationId, tenants, initialValues, onClose }: { locationId: string; tenants: Tenant[]; initialValues: InviteValues; onClose: () => void }) {
  const [form] = Form.useForm<InviteValues>();
  const { notification } = App.useApp();
  const [inviteTenants, { isLoading }] = useInviteTenantsMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<InviteValues | null>(null);
  const invitable = tenants.filter(isInvitable);

  const send = async (values: InviteValues) => {
    setServerError(null);
    try {
      await inviteTenants({ tenantIds: values.tenantIds, subject: values.subject, body: values.body, location_id: locationId }).unwrap();
      notification.success({ title: tenantMessages.invited });
      onClose();
    } catch (error) {
      setConfirming(null);
      notification.error({ title: tenantMessages.inviteFailed });
      setServerError(errorMessage(error, tenantMessages.inviteFailed));
    }
  };

  // Spec 001 section 5: more than one tenant asks for confirmation first.
  const submit = useGuardedSubmit(async (values: InviteValues) => {
    if (values.tenantIds.length > 1) setConfirming(values);
    else await send(values);
  });
  const confirm = useGuardedSubmit(async () => {
    if (confirming) await send(confirming);
  });

  if (confirming) {
    const names = tenants.filter((tenant) => confirming.tenantIds.includes(tenant.id)).map((tenant) => tenant.full_name);
    return (
      <>
        <Typography.Paragraph>{`Send the invitation to ${names.length} tenants?`}</Typography.Paragraph>
        <ul aria-label="Tenants to invite" style={{ maxHeight: 240, overflowY: 'auto' }}>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <Flex justify="end" gap="small">
          <Button onClick={() => setConfirming(null)} disabled={isLoading}>
            Back
          </Button>
          <Button type="primary" loading={isLoading} onClick={() => confirm()}>
            Confirm
          </Button>
        </Flex>
      </>
    );
  }

  return (
    <Form<InviteValues> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} disabled={isLoading}>
      <Form.Item
        label="Tenants"
        name="tenantIds"
        rules={contractRules(InviteTenantsCall.request.shape.tenantIds)}
        extra={invitable.length === 0 ? 'Every tenant of this location already has an account.' : undefined}
      >
        <InviteTenantPicker tenants={invitable} />
      </Form.Item>
      <Form.Item label="Subject" name="subject" rules={contractRules(InviteTenantsCall.request.shape.subject)}>
        <Input />
      </Form.Item>
      <Form.Item label="Message" name="body" rules={contractRules(InviteTenantsCall.request.shape.body)}>
        <Input.TextArea rows={8} />
      </Form.Item>
      {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Flex justify="end" gap="small">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Send Invitations
        </Button>
      </Flex>
    </Form>
  );
}
