import type { LedgerLine } from '@pm/contracts';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useRecordAdjustmentMutation, useRefundPaymentMutation } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { centsToDollarText, formatCents } from '../../../lib/format/money.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { formatDay, paymentMethodLabels } from '../rent-format.js';
import { adjustmentRequestOf, adjustmentRules, refundRequestOf, refundRules, type AdjustmentValues, type RefundValues } from './correction-forms.js';

/** Ours: the spec has no refund or adjustment. */
export const correctionTexts = {
  refundTitle: 'Refund Payment',
  refundFailed: 'Failed to refund the payment',
  adjustmentTitle: 'Add Adjustment',
  adjustmentRecorded: 'Adjustment added',
  adjustmentFailed: 'Failed to add the adjustment',
} as const;

/**
 * Refund Payment: part or all of what is left of a payment (`leftCents`), with an optional reason. A payment made
 * through the provider is refunded there and shows once it confirms; one received by hand is recorded at once.
 */
export function RefundDialog({ unitId, line, leftCents, onClose }: { unitId: string; line: LedgerLine; leftCents: number; onClose: () => void }) {
  const [form] = Form.useForm<RefundValues>();
  const { notification } = useFeedback();
  const [refund, { isLoading }] = useRefundPaymentMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const rules = refundRules(leftCents);

  const submit = useGuardedSubmit(async (values: RefundValues) => {
    setServerError(null);
    try {
      const answer = await refund({ ...refundRequestOf(unitId, line.entry_id, values), idempotencyKey: key }).unwrap();
      setKey(crypto.randomUUID());
      notification.success({ title: answer.refund.message });
      onClose();
    } catch (error) {
      notification.error({ title: correctionTexts.refundFailed });
      setServerError(errorMessage(error, correctionTexts.refundFailed));
    }
  });

  return (
    <Modal open title={correctionTexts.refundTitle} okText={correctionTexts.refundTitle} onOk={() => form.submit()} onCancel={onClose} confirmLoading={isLoading} destroyOnHidden>
      <p>{`${line.method ? paymentMethodLabels[line.method] : 'Payment'} of ${formatDay(line.date)}: ${formatCents(leftCents)} left to refund`}</p>
      <Form<RefundValues> form={form} layout="vertical" preserve={false} initialValues={{ amount: centsToDollarText(leftCents), reason: '' }} onFinish={(values) => void submit(values)}>
        <Form.Item name="amount" label="Amount ($)" rules={rules.amount}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="reason" label="Reason (optional)" rules={rules.reason}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {serverError ? <Alert type="error" showIcon role="alert" title={serverError} /> : null}
    </Modal>
  );
}

/** Add Adjustment: a credit (what the tenant owes goes down) or a charge, with its description, up to today. */
export function AdjustmentDialog({ unitId, today, onClose }: { unitId: string; today: string; onClose: () => void }) {
  const [form] = Form.useForm<AdjustmentValues>();
  const { notification } = useFeedback();
  const [record, { isLoading }] = useRecordAdjustmentMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const rules = adjustmentRules(today);

  const submit = useGuardedSubmit(async (values: AdjustmentValues) => {
    setServerError(null);
    try {
      await record({ ...adjustmentRequestOf(unitId, values), idempotencyKey: key }).unwrap();
      setKey(crypto.randomUUID());
      notification.success({ title: correctionTexts.adjustmentRecorded });
      onClose();
    } catch (error) {
      notification.error({ title: correctionTexts.adjustmentFailed });
      setServerError(errorMessage(error, correctionTexts.adjustmentFailed));
    }
  });

  return (
    <Modal open title={correctionTexts.adjustmentTitle} okText={correctionTexts.adjustmentTitle} onOk={() => form.submit()} onCancel={onClose} confirmLoading={isLoading} destroyOnHidden>
      <Form<AdjustmentValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ direction: 'credit', amount: '', description: '', effective_on: today }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="direction" label="Type">
          <Radio.Group
            options={[
              { value: 'credit', label: 'Credit (lowers what is owed)' },
              { value: 'charge', label: 'Charge (adds to what is owed)' },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label="Amount ($)" rules={rules.amount}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={rules.description}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="effective_on" label="Date" rules={rules.effective_on}>
          <Input type="date" max={today} />
        </Form.Item>
      </Form>
      {serverError ? <Alert type="error" showIcon role="alert" title={serverError} /> : null}
    </Modal>
  );
}
