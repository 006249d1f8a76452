import { Alert, Button, Form, Input, Result } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { selectIsRestoringSession, selectIsSignedIn } from '../../../app/session-slice.js';
import { useAppDispatch } from '../../../app/useAppDispatch.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { useChangePasswordMutation } from '../../../app/generated/identity-api.js';
import { AuthCard } from '../AuthCard.js';
import { confirmPasswordRules, messages, newPasswordRules } from '../../../lib/forms/form-rules.js';
import { signOut } from '../session/session-thunks.js';

export const REDIRECT_AFTER_PASSWORD_UPDATE_MS = 3000;

interface ResetValues {
  password: string;
  confirm_password: string;
}

/**
 * Spec 2.3 screen 11. The recovery link creates a session (the BFF sets the refresh cookie), so the page needs
 * one; without it the visitor goes to login. After "Password updated" the recovery session is ended and the
 * login page follows 3 seconds later.
 */
export function ResetPasswordPage() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const restoring = useAppSelector(selectIsRestoringSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [updatePassword, { isLoading }] = useChangePasswordMutation();
  const [updated, setUpdated] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(() => {
      void dispatch(signOut()).then(() => navigate('/login', { replace: true }));
    }, REDIRECT_AFTER_PASSWORD_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [updated, dispatch, navigate]);

  if (updated) return <Result status="success" title="Password updated" subTitle="Taking you to the login page…" />;
  if (!isSignedIn && !restoring) return <Navigate to="/login" replace />;

  const submit = async (values: ResetValues) => {
    setError(null);
    const result = await updatePassword(values);
    if ('error' in result) setError(errorMessage(result.error, 'Failed to update password'));
    else setUpdated(true);
  };

  return (
    <AuthCard title="Reset password">
      <Form layout="vertical" requiredMark={false} onFinish={(values: ResetValues) => void submit(values)} disabled={isLoading || restoring}>
        <Form.Item label="New Password" name="password" rules={newPasswordRules} extra={messages.passwordHelper}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm Password" name="confirm_password" dependencies={['password']} rules={confirmPasswordRules(messages.resetConfirmRequired)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          Update Password
        </Button>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} /> : null}
      </Form>
    </AuthCard>
  );
}
