import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession, aUser, jsonResponse, stubBff } from '../../../../test/bff-stub.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { testCaptcha } from '../../../../test/test-captcha.js';
import { selectAccessToken, sessionFromResponse } from '../../../app/session-slice.js';
import { localKeys, readLocal, readPendingReferral, writeLocal } from '../../../app/storage/local-keys.js';
import { createAppStore } from '../../../app/store.js';
import { CaptchaContext } from '../captcha/captcha-context.js';
import { LoginPage } from './LoginPage.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => {
  bff?.restore();
  localStorage.clear();
});

function renderLogin(path = '/login', { store = createAppStore(), captcha = true, state }: { store?: ReturnType<typeof createAppStore>; captcha?: boolean; state?: unknown } = {}) {
  const testAdapter = testCaptcha();
  const page = captcha ? (
    <CaptchaContext.Provider value={testAdapter.adapter}>
      <LoginPage />
    </CaptchaContext.Provider>
  ) : (
    <CaptchaContext.Provider value={null}>
      <LoginPage />
    </CaptchaContext.Provider>
  );
  const view = renderRoutes(
    [
      { path: '/login', element: page },
      { path: '/', element: <p>Index</p> },
      { path: '/property-manager/dashboard', element: <p>Dashboard</p> },
      { path: '/property-manager/account/:tab', element: <p>Account</p> },
      { path: '/share/:code', element: <p>Share page</p> },
    ],
    { path, store },
  );
  if (state !== undefined) void view.router.navigate(path, { state, replace: true });
  return { ...view, captcha: testAdapter };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const logIn = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('LoginPage', () => {
  it('shows the required-field and e-mail messages of spec section 5 (no length rule for the login password)', async () => {
    bff = stubBff({});
    renderLogin();
    await screen.findByRole('button', { name: 'Solve captcha' });
    logIn();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(await screen.findByText('Captcha Token is required')).toBeTruthy();

    type('Email', 'nope');
    type('Password', 'x');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    expect(bff.calls).toEqual([]);
  });

  it("shows the server's error inline under the form and resets the captcha", async () => {
    bff = stubBff({ 'POST auth/sign-in': () => jsonResponse({ statusCode: 400, message: 'Invalid login credentials' }, 400) });
    const { captcha } = renderLogin();
    type('Email', 'ada@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    logIn();

    expect((await screen.findByRole('alert')).textContent).toContain('Invalid login credentials');
    await waitFor(() => expect(captcha.state.resets).toBe(1));
    expect(bff.callsTo('POST', 'auth/sign-in')[0]!.body).toEqual({ email: 'ada@example.com', password: 'wrong-password', captchaToken: 'captcha-token' });
  });

  it('offers to resend the verification e-mail when the address is not confirmed yet, once', async () => {
    bff = stubBff({
      'POST auth/sign-in': () => jsonResponse({ statusCode: 403, message: 'Email not confirmed' }, 403),
      'POST auth/resend-verification': () => jsonResponse({ sent: true }),
    });
    renderLogin();
    type('Email', ' ada@example.com ');
    type('Password', 'correct horse');
    fireEvent.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    logIn();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email not confirmed');
    expect(alert.textContent).toContain('We sent a verification link to ada@example.com.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Click to resend' }));

    await within(alert).findByText('Email resent');
    expect(within(alert).queryByRole('button', { name: 'Click to resend' })).toBeNull();
    expect(bff.callsTo('POST', 'auth/resend-verification').map((call) => call.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('offers no resend for other sign-in failures', async () => {
    bff = stubBff({ 'POST auth/sign-in': () => jsonResponse({ statusCode: 400, message: 'Invalid login credentials' }, 400) });
    renderLogin();
    type('Email', 'ada@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    logIn();

    expect((await screen.findByRole('alert')).textContent).toContain('Invalid login credentials');
    expect(screen.queryByRole('button', { name: 'Click to resend' })).toBeNull();
  });

  it('signs in, keeps the token in memory and returns to the origin the guard remembered', async () => {
    const session = aSession();
    bff = stubBff({ 'POST auth/sign-in': () => jsonResponse(session), 'GET user/referral': () => jsonResponse(null) });
    const { store, router } = renderLogin('/login', { captcha: false, state: { from: { pathname: '/property-manager/account/profile', search: '' } } });
    type('Email', 'ada@example.com');
    type('Password', 'whatever');
    logIn();

    expect(await screen.findByText('Account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/property-manager/account/profile');
    expect(selectAccessToken(store.getState())).toBe(session.access_token);
    // Nothing of the session is stored: the only key is the guided tour's flag, which the test set-up writes.
    expect(Object.keys(localStorage)).toEqual(['pm.guided-tour-viewed']);
    expect(Object.values(localStorage).some((value) => String(value).includes(session.access_token))).toBe(false);
  });

  it('stores the redirect query as the share redirect and follows it after sign-in', async () => {
    bff = stubBff({ 'POST auth/sign-in': () => jsonResponse(aSession()), 'GET user/referral': () => jsonResponse(null) });
    renderLogin('/login?redirect=%2Fshare%2FAb3x', { captcha: false });
    await waitFor(() => expect(readLocal(localKeys.shareRedirect)).toBe('/share/Ab3x'));
    type('Email', 'ada@example.com');
    type('Password', 'whatever');
    logIn();
    expect(await screen.findByText('Share page')).toBeTruthy();
  });

  it('keeps the referral of a share link pending and submits it after sign-in', async () => {
    bff = stubBff({
      'POST auth/sign-in': () => jsonResponse(aSession()),
      'POST user/referral': () => jsonResponse(null, 201),
      'GET user/referral': () => jsonResponse({ id: 'r', referral_url: '/share/Ab3x', is_redirected: true }),
    });
    renderLogin('/login?referral_type=community&referral_id=c-1&referral_url=%2Fshare%2FAb3x&campaign=share_link&community_id=c-1', { captcha: false });
    await waitFor(() => expect(readPendingReferral()?.referralId).toBe('c-1'));
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/signup?referral_type=community&referral_id=c-1&referral_url=%2Fshare%2FAb3x&campaign=share_link&community_id=c-1',
    );
    type('Email', 'ada@example.com');
    type('Password', 'whatever');
    logIn();
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(bff.callsTo('POST', 'user/referral')[0]!.body).toEqual({
      referralType: 'community',
      referralId: 'c-1',
      referralUrl: '/share/Ab3x',
      referralMetadata: { community_id: 'c-1', campaign: 'share_link' },
    });
  });

  it('redirects a signed-in user to the index, keeping the campaign', async () => {
    bff = stubBff({});
    const store = createAppStore();
    store.dispatch(sessionFromResponse(aSession()));
    const { router } = renderLogin('/login?campaign=share_link', { store });
    expect(await screen.findByText('Index')).toBeTruthy();
    expect(router.state.location.search).toBe('?campaign=share_link');
  });

  it('finishes the Google round trip: restores the session by refresh and applies the pending OAuth campaign', async () => {
    const user = aUser({ campaign: null, account_type: 'property_manager' });
    bff = stubBff({
      'POST auth/refresh': () => jsonResponse(aSession(user)),
      'PUT user/account-type': (_request, body) => jsonResponse({ ...user, ...(body as object) }),
      'GET user/referral': () => jsonResponse(null),
    });
    writeLocal(localKeys.pendingOAuthCampaign, 'share_link');
    const { store } = renderLogin('/login?oauth=done');

    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(bff.callsTo('PUT', 'user/account-type')[0]!.body).toEqual({ account_type: 'property_manager', campaign: 'share_link' });
    expect(readLocal(localKeys.pendingOAuthCampaign)).toBeNull();
    expect(store.getState().session.user?.campaign).toBe('share_link');
  });

  it('says so when the Google round trip left no session', async () => {
    bff = stubBff({ 'POST auth/refresh': () => jsonResponse({ statusCode: 401, message: 'Unauthorized' }, 401) });
    renderLogin('/login?oauth=done');
    expect((await screen.findByRole('alert')).textContent).toContain('Google sign-in failed. Please try again.');
  });

  it("shows a failed Google round trip's message inline under the form", async () => {
    bff = stubBff({});
    renderLogin('/login?oauth_error=Access%20denied%20by%20the%20provider');
    expect((await screen.findByRole('alert')).textContent).toContain('Access denied by the provider');
  });

  it('confirms a verified e-mail', async () => {
    bff = stubBff({});
    renderLogin('/login?verified=1');
    expect(await screen.findByText('Your email has been verified. You can log in now.')).toBeTruthy();
  });
});

describe('ForgotPasswordDialog', () => {
  it('validates, then shows "Sent Reset Email", and a second submit only closes the dialog', async () => {
    bff = stubBff({ 'POST auth/forgot-password': () => jsonResponse({ sent: true }) });
    renderLogin('/login', { captcha: false });
    fireEvent.click(screen.getByText('Forgot password?'));
    const send = await screen.findByRole('button', { name: 'Send Reset Email' });

    fireEvent.click(send);
    expect(await screen.findByText('Email is required')).toBeTruthy();

    const dialog = screen.getByRole('dialog');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'ada@example.com' } });
    fireEvent.click(send);
    expect(await screen.findByText('Sent Reset Email')).toBeTruthy();
    expect(screen.getByText(/Check your inbox, spam folder or promotions tab/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Sent Reset Email')).toBeNull());
    expect(bff.callsTo('POST', 'auth/forgot-password')).toHaveLength(1);
    expect(bff.callsTo('POST', 'auth/forgot-password')[0]!.body).toEqual({ email: 'ada@example.com' });
  });

  it('ignores a repeat submission within 100 ms', async () => {
    bff = stubBff({ 'POST auth/forgot-password': () => jsonResponse({ sent: true }) });
    renderLogin('/login', { captcha: false });
    fireEvent.click(screen.getByText('Forgot password?'));
    const send = await screen.findByRole('button', { name: 'Send Reset Email' });
    fireEvent.change(screen.getByRole('dialog').querySelector('input')!, { target: { value: 'ada@example.com' } });
    fireEvent.submit(send.closest('form')!);
    fireEvent.submit(send.closest('form')!);
    expect(await screen.findByText('Sent Reset Email')).toBeTruthy();
    expect(bff.callsTo('POST', 'auth/forgot-password')).toHaveLength(1);
  });

  it("shows the server's message when the request fails", async () => {
    bff = stubBff({ 'POST auth/forgot-password': () => jsonResponse({ statusCode: 429, message: 'Too many requests. Please try again in a minute.' }, 429) });
    renderLogin('/login', { captcha: false });
    fireEvent.click(screen.getByText('Forgot password?'));
    const send = await screen.findByRole('button', { name: 'Send Reset Email' });
    fireEvent.change(screen.getByRole('dialog').querySelector('input')!, { target: { value: 'ada@example.com' } });
    fireEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests. Please try again in a minute.');
  });
});
