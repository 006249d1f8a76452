import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useDeleteTenantMutation } from '../api.js';
import type { Tenant } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';

/**
 * Archive/Delete Tenant (spec 001 section 4): an active tenant is archived on the first delete; an archived one is
 * deleted for good, and the confirmation says so.
 */
export function DeleteTenantDialog({ tenant, onClose, onDone }: { tenant: Tenant | null; onClose: () => void; onDone?: (deleted: boolean) => void }) {
  const { notification } = App.useApp();
  const [deleteTenant, { isLoading }] = useDeleteTenantMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const permanent = tenant?.is_archived === true;

  const close = () => {
    setServerError(null);
    onClose();
  };

  const confirm = useGuardedSubmit(async () => {
    if (!tenant) return;
    setServerError(null);
    try {
      const result = await deleteTenant(tenant.id).unwrap();
      notification.success({ title: result.is_deleted ? tenantMessages.deleted : tenantMessages.archived });
      close();
      onDone?.(result.is_deleted);
    } catch (error) {
      notification.error({ title: tenantMessages.deleteFailed });
      setServerError(errorMessage(error, tenantMessages.deleteFailed));
    }
  });

  return (
    <Modal open={tenant !== null} title={permanent ? 'Delete Tenant' : 'Archive Tenant'} onCancel={close} footer={null} destroyOnHidden>
      {tenant ? (
        <>
          <Typography.Paragraph>
            {permanent
              ? `Are you sure you want to permanently delete ${tenant.full_name}? This action cannot be undone.`
              : `Are you sure you want to archive ${tenant.full_name}? Archived tenants are listed under past tenants and can be retrieved.`}
          </Typography.Paragraph>
          {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
          <Flex justify="end" gap="small">
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" danger loading={isLoading} onClick={() => confirm()}>
              {permanent ? 'Delete' : 'Archive'}
            </Button>
          </Flex>
        </>
      ) : null}
    </Modal>
  );
}
