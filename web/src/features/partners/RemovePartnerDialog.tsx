import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useGuardedSubmit } from '../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useRemovePartnerMutation } from './api.js';
import { partnerMessages, type Partner } from './partner.js';

/** "Remove Member Access": the partner loses access to this location (spec 001 section 2). */
export function RemovePartnerDialog({ partner, locationId, onClose }: { partner: Partner | null; locationId: string; onClose: () => void }) {
  const { notification } = App.useApp();
  const [removePartner, { isLoading }] = useRemovePartnerMutation();
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setServerError(null);
    onClose();
  };

  const confirm = useGuardedSubmit(async () => {
    if (!partner) return;
    setServerError(null);
    try {
      await removePartner({ id: partner.id, locationId }).unwrap();
      notification.success({ title: partnerMessages.deleted });
      close();
    } catch (error) {
      notification.error({ title: partnerMessages.deleteFailed });
      setServerError(errorMessage(error, partnerMessages.deleteFailed));
    }
  });

  return (
    <Modal open={partner !== null} title="Remove Member Access" onCancel={close} footer={null} destroyOnHidden>
      {partner ? (
        <>
          <Typography.Paragraph>{`Are you sure you want to remove ${partner.manager.limitedUser.full_name}'s access to this property?`}</Typography.Paragraph>
          {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} /> : null}
          <Flex justify="end" gap="small">
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" danger loading={isLoading} onClick={() => confirm()}>
              Remove
            </Button>
          </Flex>
        </>
      ) : null}
    </Modal>
  );
}
