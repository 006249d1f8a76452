import type { RentSubscription } from '@pm/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useUpdateSubscriptionDateMutation } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { useGuardedSubmit } from '../../../lib/forms/useGuardedSubmit.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { addDaysTo, defaultNextPaymentDate } from './next-payment-date.js';
import { failureText, latestNextPaymentDate, recurringTexts } from './recurring-texts.js';

/**
 * Change Next Payment Date (spec 001 §2 and §4; a date input, §6): the day the next rent is debited, starting from the
 * period's end or the next monthly occurrence of the start day; a day after today and within the bound the service
 * keeps. Only non-property-manager users see it (spec 001 §5).
 */
export function ChangeNextPaymentDateDialog({ subscription, today, open, onClose }: { subscription: RentSubscription; today: string; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ date: string }>();
  const { notification } = useFeedback();
  const [update, { isLoading }] = useUpdateSubscriptionDateMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const latest = latestNextPaymentDate(today);

  const submit = useGuardedSubmit(async ({ date }: { date: string }) => {
    setServerError(null);
    try {
      const answer = await update({ subscriptionId: subscription.subscriptionId, nextPaymentDate: date }).unwrap();
      notification.success({ title: answer.message });
      onClose();
    } catch (error) {
      const text = failureText(errorMessage(error, ''), recurringTexts.updateDateFailed);
      notification.error({ title: text });
      setServerError(text);
    }
  });

  return (
    <Modal
      open={open}
      title={recurringTexts.changeDateTitle}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
      afterClose={() => setServerError(null)}
    >
      <Form<{ date: string }> form={form} layout="vertical" preserve={false} initialValues={{ date: defaultNextPaymentDate(subscription, today) }} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="date"
          label="Next payment date"
          rules={[
            { required: true, message: recurringTexts.dateRequired },
            { validator: async (_rule, value: string) => (value && (value <= today || value > latest) ? Promise.reject(new Error(recurringTexts.dateRange)) : Promise.resolve()) },
          ]}
        >
          <Input type="date" min={addDaysTo(today, 1)} max={latest} />
        </Form.Item>
      </Form>
      {serverError ? <Alert type="error" showIcon role="alert" title={serverError} /> : null}
    </Modal>
  );
}

