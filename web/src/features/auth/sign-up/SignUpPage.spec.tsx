import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession, aUser, jsonResponse, stubBff } from '../../../../test/bff-stub.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { testCaptcha } from '../../../../test/test-captcha.js';
import { sessionFromResponse } from '../../../app/session-slice.js';
import { localKeys, readPendingReferral, writeLocal } from '../../../app/storage/local-keys.js';
import { createAppStore } from '../../../app/store.js';
import { CaptchaContext } from '../captcha/captcha-context.js';
import { SignUpPage } from './SignUpPage.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => {
  bff?.restore();
  localStorage.clear();
});

function renderSignUp(path = '/signup', store = createAppStore()) {
  const captcha = testCaptcha();
  const view = renderRoutes(
    [
      {
        path: '/signup',
        element: (
          <CaptchaContext.Provider value={captcha.adapter}>
            <SignUpPage />
          </CaptchaContext.Provider>
        ),
      },
      { path: '/verify-email/:email', element: <p>Check email screen</p> },
      { path: '/', element: <p>Index</p> },
    ],
    { path, store },
  );
  return { ...view, captcha };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));

async function fillValidForm() {
  type('Name', 'Ada Owner');
  type('Email', 'ada@example.com');
  type('Password', 'long-enough');
  type('Confirm Password', 'long-enough');
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(await screen.findByRole('button', { name: 'Solve captcha' }));
}

describe('SignUpPage', () => {
  it('shows every required-field message of spec section 5', async () => {
    bff = stubBff({});
    renderSignUp();
    await screen.findByRole('button', { name: 'Solve captcha' });
    submit();

    for (const message of [
      'Name is required',
      'Email is required',
      'Password is required',
      'Confirm Password is required',
      'You must agree to the terms and conditions',
      'Captcha Token is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(bff.calls).toEqual([]);
  });

  it('shows the e-mail, length and match messages, and the password helper', async () => {
    bff = stubBff({});
    renderSignUp();
    expect(screen.getByText('Must be at least 8 characters')).toBeTruthy();
    type('Email', 'not-an-email');
    type('Password', 'short');
    type('Confirm Password', 'different');

    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('signs up with the campaign and referral metadata of the link, keeps the referral pending, then shows check-your-email', async () => {
    bff = stubBff({ 'POST auth/sign-up': () => jsonResponse({ email: 'ada@example.com' }, 201) });
    const { router } = renderSignUp('/signup?campaign=share_link&referral_type=community&referral_id=c-1&referral_url=%2Fshare%2FAb3x&community_id=c-1');
    await fillValidForm();
    submit();

    expect(await screen.findByText('Check email screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-email/ada%40example.com');
    expect(bff.callsTo('POST', 'auth/sign-up')[0]!.body).toEqual({
      full_name: 'Ada Owner',
      email: 'ada@example.com',
      password: 'long-enough',
      confirm_password: 'long-enough',
      has_accepted_terms: true,
      captchaToken: 'captcha-token',
      campaign: 'share_link',
      referral_metadata: { community_id: 'c-1', campaign: 'share_link' },
    });
    expect(readPendingReferral()).toEqual({
      referralType: 'community',
      referralId: 'c-1',
      referralUrl: '/share/Ab3x',
      referralMetadata: { community_id: 'c-1', campaign: 'share_link' },
    });
  });

  it('defaults the campaign to property_owner', async () => {
    bff = stubBff({ 'POST auth/sign-up': () => jsonResponse({ email: 'ada@example.com' }, 201) });
    renderSignUp();
    await fillValidForm();
    submit();
    await screen.findByText('Check email screen');
    expect(bff.callsTo('POST', 'auth/sign-up')[0]!.body).toMatchObject({ campaign: 'property_owner', referral_metadata: { campaign: 'property_owner' } });
  });

  it('signs up a resident from the tenant invitation link (account_type=resident), the e-mail filled in', async () => {
    bff = stubBff({ 'POST auth/sign-up': () => jsonResponse({ email: 'jordan@example.com' }, 201) });
    renderSignUp('/signup?email=jordan%40example.com&account_type=resident');
    expect(await screen.findByText('Create a resident account')).toBeTruthy();
    expect((field('Email') as HTMLInputElement).value).toBe('jordan@example.com');
    type('Name', 'Jordan Tenant');
    type('Password', 'long-enough');
    type('Confirm Password', 'long-enough');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    submit();
    await screen.findByText('Check email screen');
    const body = bff.callsTo('POST', 'auth/sign-up')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ email: 'jordan@example.com', account_type: 'resident', referral_metadata: { email: 'jordan@example.com', campaign: 'property_owner' } });
  });

  it("sends an anonymous visitor's token so the server upgrades that user in place", async () => {
    bff = stubBff({ 'POST auth/sign-up': () => jsonResponse({ email: 'ada@example.com' }, 201) });
    const store = createAppStore();
    const anonymous = aSession(aUser({ is_anonymous: true, email: null, full_name: null }));
    store.dispatch(sessionFromResponse(anonymous));
    renderSignUp('/signup', store);
    await fillValidForm();
    submit();
    await screen.findByText('Check email screen');
    expect(bff.callsTo('POST', 'auth/sign-up')[0]!.authorization).toBe(`Bearer ${anonymous.access_token}`);
  });

  it("shows the server's message inline under the form and resets the captcha", async () => {
    bff = stubBff({ 'POST auth/sign-up': () => jsonResponse({ statusCode: 409, message: 'User already registered' }, 409) });
    const { captcha } = renderSignUp();
    await fillValidForm();
    submit();

    expect((await screen.findByRole('alert')).textContent).toContain('User already registered');
    await waitFor(() => expect(captcha.state.resets).toBe(1));
  });

  it('appends the saved share redirect to the login link and carries the campaign', async () => {
    bff = stubBff({});
    writeLocal(localKeys.shareRedirect, '/share/Ab3x');
    renderSignUp('/signup?campaign=share_link');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?campaign=share_link&redirect=%2Fshare%2FAb3x');
  });

  it('opens the terms in a dialog from the checkbox link', async () => {
    bff = stubBff({});
    renderSignUp();
    fireEvent.click(screen.getByText('terms and conditions'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Terms and Conditions')).toBeTruthy();
    expect(within(dialog).getByText(/current as of April 11, 2025/)).toBeTruthy();
  });

  it('sends a registered user to the index, keeping the campaign', async () => {
    bff = stubBff({});
    const store = createAppStore();
    store.dispatch(sessionFromResponse(aSession()));
    const { router } = renderSignUp('/signup?campaign=share_link', store);
    expect(await screen.findByText('Index')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(router.state.location.search).toBe('?campaign=share_link');
  });
});
