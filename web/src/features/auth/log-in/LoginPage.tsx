import { Alert, App, Button, Divider, Flex, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { selectIsRegistered, selectSessionUser, sessionFromResponse, type SessionUser } from '../../../app/session-slice.js';
import { localKeys, savePendingReferral, writeLocal } from '../../../app/storage/local-keys.js';
import { useAppDispatch } from '../../../app/useAppDispatch.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { messages as identityMessages, LoginPasswordSchema } from '@pm/contracts';
import { errorMessage, errorStatus } from '../../../lib/http/error-message.js';
import { useSignInMutation } from '../api.js';
import { authLink, readAuthQuery } from '../auth-query.js';
import { AuthCard } from '../AuthCard.js';
import { CaptchaFormItem } from '../captcha/CaptchaFormItem.js';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import { emailRules } from '../../../lib/forms/form-rules.js';
import { GoogleButton } from '../GoogleButton.js';
import { afterSignIn } from '../session/after-sign-in.js';
import { returnLink } from '../session/return-path.js';
import { refreshSession } from '../session/session-thunks.js';
import { ResendVerificationOffer } from '../verify-email/ResendVerificationOffer.js';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.js';
import { loginNotice } from './login-notices.js';

interface LoginValues {
  email: string;
  password: string;
  captchaToken?: string;
}

/** The path the access guard turned the visitor away from (it passes the location as `state.from`). */
function originOf(state: unknown): string | null {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  return from?.pathname ? `${from.pathname}${from.search ?? ''}` : null;
}

/** Spec 2.3 screen 8, plus the end of the Google round trip (`?oauth=done`). */
export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { notification } = App.useApp();
  const isRegistered = useAppSelector(selectIsRegistered);
  const currentUser = useAppSelector(selectSessionUser);
  const [signIn] = useSignInMutation();
  const [busy, setBusy] = useState(false);
  // Set once this page has started a sign-in, so the "already signed in" redirect does not overtake it.
  const [completing, setCompleting] = useState(false);
  // A failed Google round trip comes back with the provider's message (spec 8: shown inline under the form).
  const [error, setError] = useState<string | null>(() => search.get('oauth_error'));
  const [captchaResets, setCaptchaResets] = useState(0);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Signing in before verifying: the address whose verification e-mail can be sent again from here.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  const query = useMemo(() => readAuthQuery(search), [search]);
  const redirect = returnLink(search.get('redirect'));
  const notice = loginNotice(search);
  const oauthDone = search.get('oauth') === 'done';
  const from = originOf(location.state);

  useEffect(() => {
    if (redirect) writeLocal(localKeys.shareRedirect, redirect);
    if (query.referral) savePendingReferral(query.referral);
  }, [redirect, query]);

  const finish = async (user: SessionUser) => {
    const destination = await dispatch(
      afterSignIn(user, { from, onResidentLoginFailed: () => notification.error({ title: 'Failed to login.' }) }),
    );
    await navigate(destination, { replace: true });
  };

  // After Google: the BFF has set the refresh cookie; turning it into a session is a refresh.
  const oauthStarted = useRef(false);
  useEffect(() => {
    if (!oauthDone || oauthStarted.current) return;
    oauthStarted.current = true;
    setCompleting(true);
    void (async () => {
      const session = await dispatch(refreshSession());
      const user = session?.user ?? currentUser;
      if (!user || user.is_anonymous) {
        setCompleting(false);
        setError('Google sign-in failed. Please try again.');
        return;
      }
      await finish(user);
    })();
    // The round trip is handled once per visit of the page; `finish` reads the rest when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [oauthDone]);

  if (isRegistered && !completing) {
    return <Navigate to={query.campaignGiven ? `/?campaign=${encodeURIComponent(query.campaign)}` : '/'} replace />;
  }
  if (oauthDone && completing) {
    return (
      <Flex justify="center" style={{ padding: 64 }}>
        <Spin size="large" />
      </Flex>
    );
  }

  const submit = async (values: LoginValues) => {
    setError(null);
    setUnconfirmed(null);
    setBusy(true);
    const result = await signIn({ email: values.email.trim(), password: values.password, ...(values.captchaToken ? { captchaToken: values.captchaToken } : {}) });
    if ('error' in result) {
      setBusy(false);
      const message = errorMessage(result.error, 'Failed to log in');
      setError(message);
      if (errorStatus(result.error) === 403 && message === identityMessages.emailNotConfirmed) setUnconfirmed(values.email.trim());
      setCaptchaResets((count) => count + 1);
      return;
    }
    if (!result.data.access_token) {
      setBusy(false);
      setError('No authorization token available');
      return;
    }
    setCompleting(true);
    dispatch(sessionFromResponse(result.data));
    await finish(result.data.user);
  };

  return (
    <AuthCard title="Log in">
      {notice ? <Alert type={notice.type} showIcon title={notice.text} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        // A partner invitation link names the invited address (?email=…): the form starts with it, still editable.
        initialValues={{ email: search.get('email') ?? '' }}
        onFinish={(values) => void submit(values)}
        disabled={busy}
      >
        <Form.Item label="Email" name="email" rules={emailRules}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={contractRules(LoginPasswordSchema)}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <CaptchaFormItem resetKey={captchaResets} />
        <Flex justify="end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Typography.Link onClick={() => setForgotOpen(true)}>Forgot password?</Typography.Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Log in
        </Button>
        {error ? (
          <Alert
            type="error"
            showIcon
            title={error}
            description={unconfirmed ? <ResendVerificationOffer email={unconfirmed} /> : undefined}
            role="alert"
            style={{ marginTop: 16 }}
          />
        ) : null}
      </Form>
      <Divider plain>or</Divider>
      <GoogleButton label="Log in with Google" campaign={query.campaign} redirect={redirect} />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        Don&apos;t have an account? <Link style={{ textDecoration: 'underline' }} to={authLink('/signup', search)}>Sign up</Link>
      </Typography.Paragraph>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthCard>
  );
}
