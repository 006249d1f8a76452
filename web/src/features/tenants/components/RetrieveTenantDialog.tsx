import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useRetrieveTenantMutation } from '../api.js';
import type { Tenant } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';

/** Retrieve Tenant confirmation: an archived tenant becomes active again (spec 001 sections 2 and 8). */
export function RetrieveTenantDialog({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  const { notification } = App.useApp();
  const [retrieveTenant, { isLoading }] = useRetrieveTenantMutation();
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setServerError(null);
    onClose();
  };

  const confirm = useGuardedSubmit(async () => {
    if (!tenant) return;
    setServerError(null);
    try {
      await retrieveTenant(tenant.id).unwrap();
      notification.success({ title: tenantMessages.retrieved });
      close();
    } catch (error) {
      notification.error({ title: tenantMessages.retrieveFailed });
      setServerError(errorMessage(error, tenantMessages.retrieveFailed));
    }
  });

  return (
    <Modal open={tenant !== null} title="Retrieve Tenant" onCancel={close} footer={null} destroyOnHidden>
      {tenant ? (
        <>
          <Typography.Paragraph>{`Are you sure you want to retrieve ${tenant.full_name}? The tenant becomes active again in ${tenant.unitName}.`}</Typography.Paragraph>
          {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
          <Flex justify="end" gap="small">
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" loading={isLoading} onClick={() => confirm()}>
              Retrieve
            </Button>
          </Flex>
        </>
      ) : null}
    </Modal>
  );
}
