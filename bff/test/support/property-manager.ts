import { randomUUID } from 'node:crypto';
import { MailSinkClient } from '@pm/mail';
import { testEnv, waitFor } from '@pm/testing';

/** A signed-in user of the test platform: the Authorization header their calls carry. */
export interface PlatformSession {
  authorization: string;
  /** Their e-mail (the password is PASSWORD), to sign in again in a session of its own. */
  email?: string;
  /** The session's refresh cookie (`pm_refresh=…`), which signing out ends. */
  refreshCookie?: string;
}

const PASSWORD = 'correct horse battery';

/** A new session of a user who signed up with PASSWORD (another device, say). */
export async function signIn(baseUrl: string, email: string): Promise<PlatformSession> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const body = (await response.json()) as { access_token: string };
  const refreshCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('pm_refresh='))?.split(';')[0];
  return { authorization: `Bearer ${body.access_token}`, email, refreshCookie };
}

/** Signs the session out as the web app does (`POST auth/sign-out` with its refresh cookie). */
export async function signOut(baseUrl: string, session: PlatformSession): Promise<void> {
  if (!session.refreshCookie) throw new Error('this session has no refresh cookie to sign out with');
  const response = await fetch(`${baseUrl}/api/auth/sign-out`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: session.refreshCookie }, body: '{}' });
  if (response.status !== 204) throw new Error(`sign-out answered ${response.status}`);
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
  const password = PASSWORD;
  const signUp = await callPlatform(baseUrl, 'auth/sign-up', {
    body: { full_name: fullName, email, password, confirm_password: password, has_accepted_terms: true },
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const mail = new MailSinkClient(testEnv().MAIL_UI_URL);
  // The link is opened on this BFF: the services may be shared by several BFFs, whose web origin is in their links.
  const link = await waitFor(
    async () => /https?:\/\/[^/\s]+(\/api\/auth\/verify-email\?token=[A-Za-z0-9_%-]+)/.exec((await mail.messagesTo(email)).at(-1)?.text ?? '')?.[1],
    { timeout: 15_000, description: `verification mail to ${email}` },
  );
  if ((await fetch(`${baseUrl}${link}`, { redirect: 'manual' })).status !== 302) throw new Error('the verification link did not redirect');
  const first = await signIn(baseUrl, email);
  const typed = await callPlatform(baseUrl, 'user/account-type', { method: 'PUT', body: { account_type: 'property_manager' }, session: first });
  if (typed.status !== 200) throw new Error(`account type answered ${typed.status}`);
  // A fresh token carries the account type.
  return signIn(baseUrl, email);
}

/**
 * Creates a location as `session` and waits until the vault has the grant on it. The vault learns of a new location
 * from portfolio's event, a moment after the creating call answers (longer on a busy machine): an upload to it before
 * then is the 404 of an unknown location.
 */
export async function createLocationForVault(baseUrl: string, session: PlatformSession, name: string): Promise<string> {
  const location = await callPlatform<{ id: string }>(baseUrl, 'property-location', {
    body: { name, address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true },
    session,
  });
  if (location.status !== 201) throw new Error(`creating a location answered ${location.status}`);
  const id = location.body.id;
  await waitFor(async () => (await callPlatform(baseUrl, `vault/documents?property_location_id=${id}`, { session })).status === 200, {
    timeout: 30_000,
    description: 'the vault knows the new location',
  });
  return id;
}
