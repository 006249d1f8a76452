import { ChangePassword, identityMessages, NewPasswordSchema } from '@pm/contracts';
import { Button, Form, Input } from 'antd';
import { useChangePasswordMutation } from '../../../app/generated/identity-api.js';
import { ServerMessage } from './ServerMessage.js';
import { useAccountUpdate } from './useAccountUpdate.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { contractRules } from '../../../lib/forms/contract-rules.js';

interface PasswordValues {
  current_password: string;
  password: string;
  confirm_password: string;
}

/**
 * Spec 5: the account form's own messages (one message per field, unlike sign-up). The current password proves the
 * person at the keyboard owns the account (identity refuses the change without it; a wrong one comes back from the
 * server and shows under the form).
 */
export function PasswordTab() {
  const [form] = Form.useForm<PasswordValues>();
  const [updatePassword, { isLoading }] = useChangePasswordMutation();
  const { run, serverMessage } = useAccountUpdate({ success: 'Password updated successfully', failure: 'Failed to update password' });

  return (
    <>
      <SectionTitle style={{ marginBottom: 16 }}>Password</SectionTitle>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void run(() => updatePassword(values), () => form.resetFields())}
        style={{ maxWidth: 420 }}
      >
        <Form.Item label="Current Password" name="current_password" rules={contractRules(ChangePassword.request.shape.current_password, { required: identityMessages.currentPasswordRequired })}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New Password"
          name="password"
          // The new password's rules are sign-up's and reset's (at least 8 characters); the account page words an
          // empty one as a short one (spec 5), as identity answers it.
          rules={contractRules(NewPasswordSchema, { required: identityMessages.accountPasswordTooShort })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="confirm_password"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator(_rule, value: unknown) {
                return value && value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(identityMessages.passwordsDoNotMatch));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Update Password
        </Button>
        <ServerMessage message={serverMessage} />
      </Form>
    </>
  );
}
