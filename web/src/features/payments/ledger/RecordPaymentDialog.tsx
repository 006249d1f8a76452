import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useRecordPaymentMutation } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { rentTexts } from '../payment-texts.js';
import { manualMethodOptions, recordPaymentRequestOf, recordPaymentRules, type RecordPaymentValues } from './record-payment-form.js';

/**
 * Record Payment: a payment made outside the provider (check, bank transfer, cash, other; spec 001 §9) on a day up to
 * today in the location's time zone. One Idempotency-Key per payment written, so a retried request records it once.
 */
export function RecordPaymentDialog({ unitId, today, open, onClose }: { unitId: string; today: string; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<RecordPaymentValues>();
  const { notification } = useFeedback();
  const [record, { isLoading }] = useRecordPaymentMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const rules = recordPaymentRules(today);

  const submit = useGuardedSubmit(async (values: RecordPaymentValues) => {
    setServerError(null);
    try {
      await record({ ...recordPaymentRequestOf(unitId, values), idempotencyKey: key }).unwrap();
      setKey(crypto.randomUUID());
      notification.success({ title: rentTexts.paymentRecorded });
      onClose();
    } catch (error) {
      notification.error({ title: rentTexts.paymentRecordFailed });
      setServerError(errorMessage(error, rentTexts.paymentRecordFailed));
    }
  });

  return (
    <Modal
      open={open}
      title="Record Payment"
      okText="Record Payment"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
      afterClose={() => setServerError(null)}
    >
      <Form<RecordPaymentValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ amount: '', method: undefined, paid_on: today, reference: '' }}
        onFinish={submit}
        disabled={isLoading}
      >
        <Form.Item label="Amount ($)" name="amount" rules={rules.amount}>
          <Input inputMode="decimal" autoComplete="off" placeholder="1,850.00" />
        </Form.Item>
        <Form.Item label="Payment method" name="method" rules={rules.method}>
          <Select options={manualMethodOptions} placeholder="Choose a method" />
        </Form.Item>
        <Form.Item label="Paid on" name="paid_on" rules={rules.paid_on}>
          <Input type="date" max={today} />
        </Form.Item>
        <Form.Item label="Reference" name="reference" rules={rules.reference} extra="A check number or a transfer reference (optional)">
          <Input autoComplete="off" />
        </Form.Item>
        {serverError ? <Alert type="error" showIcon title={serverError} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
