import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Spin } from 'antd';
import { useState } from 'react';
import { outboundLimits, SendBulkSms } from '@pm/contracts';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useListBuildingContactsQuery } from '../../generated/portfolio-api.js';
import { useSendBulkSmsMutation } from '../../generated/messaging-api.js';
import { bulkMessages } from './bulk-messages.js';
import { contractRules } from '../../../lib/forms/contract-rules.js';

interface BulkSmsValues {
  message: string;
  tenantIds: string[];
}

export interface SendBulkSmsDialogProps {
  buildingId: string;
  locationId: string;
  open: boolean;
  onClose(): void;
}

/**
 * Send Bulk SMS (spec 001 §2, §5, §7, §8): a message and the building's tenants; one SMS each from the location's
 * number (Sent SMS shows each). A tenant without a phone cannot be picked; the server skips and names any it finds.
 */
export function SendBulkSmsDialog({ buildingId, locationId, open, onClose }: SendBulkSmsDialogProps) {
  return (
    <Modal open={open} title="Send Bulk SMS" onCancel={onClose} footer={null} destroyOnHidden width={560}>
      {open ? <BulkSms buildingId={buildingId} locationId={locationId} onClose={onClose} /> : null}
    </Modal>
  );
}

function BulkSms({ buildingId, locationId, onClose }: { buildingId: string; locationId: string; onClose: () => void }) {
  const contacts = useListBuildingContactsQuery({ id: buildingId }, { refetchOnMountOrArgChange: true });
  const { notification } = App.useApp();
  const [sendBulkSms, { isLoading }] = useSendBulkSmsMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  useLoadErrorToast(contacts.isError, bulkMessages.contactsLoadFailed);

  const submit = useGuardedSubmit(async (values: BulkSmsValues) => {
    setServerError(null);
    try {
      const answer = await sendBulkSms({ location_id: locationId, message: values.message, tenantIds: values.tenantIds }).unwrap();
      notification.success({ title: bulkMessages.bulkSmsSent, description: answer.skipped.length ? bulkMessages.skipped(answer.skipped.map((tenant) => tenant.full_name)) : undefined });
      onClose();
    } catch (error) {
      notification.error({ title: bulkMessages.bulkSmsFailed });
      setServerError(errorMessage(error, bulkMessages.bulkSmsFailed));
    }
  });

  if (contacts.isLoading) return <Spin description="Loading…" />;
  return (
    <Form<BulkSmsValues> layout="vertical" initialValues={{ message: '', tenantIds: [] }} onFinish={submit} disabled={isLoading}>
      <Form.Item label="Message" name="message" rules={contractRules(SendBulkSms.request.shape.message)}>
        <Input.TextArea rows={5} maxLength={outboundLimits.smsBody} showCount />
      </Form.Item>
      <Form.Item
        label="Recipients"
        name="tenantIds"
        rules={contractRules(SendBulkSms.request.shape.tenantIds)}
      >
        <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 240, overflowY: 'auto' }}>
          {(contacts.data ?? []).map((contact) => (
            <Checkbox key={contact.tenantId} value={contact.tenantId} disabled={!contact.phone}>
              {`${contact.tenantName} · ${contact.unitName}${contact.phone ? '' : ' (no phone number)'}`}
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      {serverError ? <Alert type="error" showIcon role="alert" title={serverError} style={{ marginBottom: 16 }} /> : null}
      <Flex justify="end" gap="small">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Send
        </Button>
      </Flex>
    </Form>
  );
}
