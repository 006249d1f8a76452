import { Alert, Button, Checkbox, Divider, Form, Input, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { selectIsRegistered } from '../../../app/session-slice.js';
import { localKeys, readLocal, savePendingReferral, writeLocal } from '../../../app/storage/local-keys.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { LegalDialog } from '../../../app/legal/LegalDialog.js';
import { useSignUpMutation } from '../api.js';
import { authLink, readAuthQuery } from '../auth-query.js';
import { AuthCard } from '../AuthCard.js';
import { CaptchaFormItem } from '../captcha/CaptchaFormItem.js';
import { SignUpBodySchema } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import { confirmPasswordRules, emailRules, messages, newPasswordRules } from '../../../lib/forms/form-rules.js';
import { GoogleButton } from '../GoogleButton.js';
import { returnLink } from '../session/return-path.js';
import { signUpRequest, type SignUpFormValues } from './sign-up-request.js';

/** Spec 2.3 screen 7. An anonymous visitor's token goes along with the call, so the server upgrades them in place. */
export function SignUpPage() {
  const [form] = Form.useForm<SignUpFormValues>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const isRegistered = useAppSelector(selectIsRegistered);
  const [signUp, { isLoading }] = useSignUpMutation();
  const [error, setError] = useState<string | null>(null);
  const [captchaResets, setCaptchaResets] = useState(0);
  const [termsOpen, setTermsOpen] = useState(false);

  const query = useMemo(() => readAuthQuery(search), [search]);
  // A link that signs up on the way somewhere (a partner invitation) names it in ?redirect=; it is saved in the browser
  // so that logging in after verifying the address, in this tab or from the verification e-mail, returns there.
  const redirect = returnLink(search.get('redirect'));
  const shareRedirect = redirect ?? readLocal(localKeys.shareRedirect);

  useEffect(() => {
    if (redirect) writeLocal(localKeys.shareRedirect, redirect);
    if (query.referral) savePendingReferral(query.referral);
  }, [redirect, query]);

  if (isRegistered) return <Navigate to={query.campaignGiven ? `/?campaign=${encodeURIComponent(query.campaign)}` : '/'} replace />;

  const submit = async (values: SignUpFormValues) => {
    setError(null);
    const result = await signUp(signUpRequest(values, query));
    if ('error' in result) {
      setError(errorMessage(result.error, 'Sign up failed'));
      setCaptchaResets((count) => count + 1);
      return;
    }
    await navigate(`/verify-email/${encodeURIComponent(result.data.email)}`);
  };

  return (
    <AuthCard title={query.accountType === 'resident' ? 'Create a resident account' : 'Sign up'}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        // An invitation link names the invited address (?email=…): the form starts with it, still editable.
        initialValues={{ email: search.get('email') ?? '' }}
        onFinish={(values) => void submit(values)}
        disabled={isLoading}
      >
        <Form.Item label="Name" name="full_name" rules={contractRules(SignUpBodySchema.shape.full_name)}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={emailRules}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={newPasswordRules} extra={messages.passwordHelper}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="confirm_password"
          dependencies={['password']}
          rules={confirmPasswordRules(SignUpBodySchema.shape.confirm_password)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="has_accepted_terms"
          valuePropName="checked"
          rules={contractRules(SignUpBodySchema.shape.has_accepted_terms)}
        >
          <Checkbox>
            I agree to the{' '}
            <Typography.Link
              onClick={(event) => {
                event.preventDefault();
                setTermsOpen(true);
              }}
            >
              terms and conditions
            </Typography.Link>
          </Checkbox>
        </Form.Item>
        <CaptchaFormItem resetKey={captchaResets} />
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          Get Started
        </Button>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} /> : null}
      </Form>
      <Divider plain>or</Divider>
      <GoogleButton label="Sign up with Google" campaign={query.campaign} redirect={shareRedirect} />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        Already have an account? <Link style={{ textDecoration: 'underline' }} to={authLink('/login', search, { redirect: shareRedirect })}>Log in</Link>
      </Typography.Paragraph>
      <LegalDialog document={termsOpen ? 'terms' : null} onClose={() => setTermsOpen(false)} />
    </AuthCard>
  );
}
