import { Alert, Button, Form, Input, Modal, Result } from 'antd';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/http/error-message.js';
import { DIALOG_REPEAT_WINDOW_MS, ignoreRepeatsWithin } from '../../../lib/forms/repeat-guard.js';
import { useRequestPasswordResetMutation } from '../api.js';
import { CaptchaFormItem } from '../captcha/CaptchaFormItem.js';
import { emailRules } from '../../../lib/forms/form-rules.js';

interface ForgotPasswordValues {
  email: string;
  captchaToken?: string;
}

/**
 * Spec 2.3 screen 9: e-mail and captcha; success shows "Sent Reset Email". The server answers "sent" whether or
 * not the account exists, so the dialog says the same either way. In the sent state a submit only closes.
 */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ForgotPasswordValues>();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [captchaResets, setCaptchaResets] = useState(0);

  const close = () => {
    setSent(false);
    setError(null);
    form.resetFields();
    onClose();
  };

  const submit = useMemo(
    () =>
      ignoreRepeatsWithin(DIALOG_REPEAT_WINDOW_MS, (values: ForgotPasswordValues) => {
        void (async () => {
          setError(null);
          const result = await requestReset({ email: values.email.trim(), ...(values.captchaToken ? { captchaToken: values.captchaToken } : {}) });
          if ('error' in result) {
            setError(errorMessage(result.error, 'Failed to send reset email'));
            setCaptchaResets((count) => count + 1);
            return;
          }
          setSent(true);
        })();
      }),
    [requestReset],
  );

  return (
    <Modal open={open} title="Forgot password" onCancel={close} footer={null} destroyOnHidden>
      {sent ? (
        <Result
          status="success"
          title="Sent Reset Email"
          subTitle="Check your inbox, spam folder or promotions tab for the link to reset your password."
          extra={
            <Button type="primary" onClick={close}>
              OK
            </Button>
          }
        />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={isLoading}>
          <Form.Item label="Email" name="email" rules={emailRules}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <CaptchaFormItem resetKey={captchaResets} />
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            Send Reset Email
          </Button>
          {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} /> : null}
        </Form>
      )}
    </Modal>
  );
}
