import { randomUUID } from 'node:crypto';
import { MailSinkClient } from '@pm/mail';
import { testEnv, waitFor } from '@pm/testing';

/** A signed-in user of the test platform: the Authorization header their calls carry. */
export interface PlatformSession {
  authorization: string;
}

/** Calls the test platform's API as the browser does (JSON in and out); a body without a method is a POST. */
export async function callPlatform<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; session?: PlatformSession; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.session ? { authorization: init.session.authorization } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Signs up through the BFF, opens the e-mailed verification link, signs in and becomes a property manager. */
export async function signUpPropertyManager(baseUrl: string, fullName = 'Robin Fuzz'): Promise<PlatformSession> {
  const email = `manager-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  const signUp = await callPlatform(baseUrl, 'auth/sign-up', {
    body: { full_name: fullName, email, password, confirm_password: password, has_accepted_terms: true },
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const mail = new MailSinkClient(testEnv().MAIL_UI_URL);
  const link = await waitFor(
    async () => new RegExp(`${baseUrl}/api/auth/verify-email\\?token=[A-Za-z0-9_%-]+`).exec((await mail.messagesTo(email)).at(-1)?.text ?? '')?.[0],
    { timeout: 15_000, description: `verification mail to ${email}` },
  );
  if ((await fetch(link, { redirect: 'manual' })).status !== 302) throw new Error('the verification link did not redirect');
  const signIn = async () => {
    const answer = await callPlatform<{ access_token: string }>(baseUrl, 'auth/sign-in', { body: { email, password } });
    if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
    return { authorization: `Bearer ${answer.body.access_token}` };
  };
  const first = await signIn();
  const typed = await callPlatform(baseUrl, 'user/account-type', { method: 'PUT', body: { account_type: 'property_manager' }, session: first });
  if (typed.status !== 200) throw new Error(`account type answered ${typed.status}`);
  // A fresh token carries the account type.
  return signIn();
}
