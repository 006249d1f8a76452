import type { RentSubscription } from '@pm/contracts';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useCancelSubscriptionMutation } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { formatCents } from '../../../lib/format/money.js';
import { formatDay } from '../rent-format.js';
import { failureText, recurringTexts } from './recurring-texts.js';

interface CancelValues {
  when: 'period_end' | 'now';
  reason: string;
}

/**
 * Cancel Recurring Payment (spec 001 §2 and §4): at the end of the current period by default, or at once, with an
 * optional reason. A manager cancels a tenant's by sending `tenant_id`; `failure` is the words of the one who asks
 * ("Failed to cancel rent subscription" for the manager, "Failed to cancel subscription" for the resident).
 */
export function CancelRecurringPaymentDialog({
  subscription,
  tenantId,
  failure,
  open,
  onClose,
}: {
  subscription: RentSubscription;
  tenantId?: string | undefined;
  failure: string;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CancelValues>();
  const { notification } = useFeedback();
  const [cancel, { isLoading }] = useCancelSubscriptionMutation();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = useGuardedSubmit(async (values: CancelValues) => {
    setServerError(null);
    try {
      const reason = values.reason.trim();
      const answer = await cancel({
        subscriptionId: subscription.subscriptionId,
        cancelAtPeriodEnd: values.when === 'period_end',
        ...(reason ? { reason } : {}),
        ...(tenantId ? { tenant_id: tenantId } : {}),
      }).unwrap();
      notification.success({ title: answer.message });
      onClose();
    } catch (error) {
      const text = failureText(errorMessage(error, ''), failure);
      notification.error({ title: text });
      setServerError(text);
    }
  });

  return (
    <Modal
      open={open}
      title={recurringTexts.cancelTitle}
      okText={recurringTexts.cancelTitle}
      okButtonProps={{ danger: true }}
      cancelText="Keep it"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
      afterClose={() => setServerError(null)}
    >
      <p>
        {`${formatCents(subscription.amount)} / month`}
        {subscription.date ? `, next payment ${formatDay(subscription.date)}` : ''}
      </p>
      <Form<CancelValues> form={form} layout="vertical" preserve={false} initialValues={{ when: 'period_end', reason: '' }} onFinish={(values) => void submit(values)}>
        <Form.Item name="when" label="When">
          <Radio.Group
            options={[
              { value: 'period_end', label: subscription.date ? `${recurringTexts.atPeriodEnd} (${formatDay(subscription.date)})` : recurringTexts.atPeriodEnd },
              { value: 'now', label: recurringTexts.now },
            ]}
          />
        </Form.Item>
        <Form.Item name="reason" label={recurringTexts.reason} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {serverError ? <Alert type="error" showIcon role="alert" title={serverError} /> : null}
    </Modal>
  );
}
