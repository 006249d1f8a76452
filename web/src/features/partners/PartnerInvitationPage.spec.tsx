import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PARTNER_INVITATION_NOT_FOUND, PARTNER_INVITATION_OTHER_EMAIL } from '@pm/contracts';
import { json, managerUser, on, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { appRoutes } from '../../app/router.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => {
  bff?.restore();
  localStorage.clear();
});

const token = 'q3Jx0c9mB1Qx2oVn8yT4aL5kP7wR6sE0dF2gH4jK6lM';
const email = 'jordan@example.test';
const path = `/partner-invitation/${token}?email=${encodeURIComponent(email)}`;
const invitation = {
  email,
  role: 'MANAGER',
  location_name: 'Elm Street Apartments',
  location_address: '12 Elm Street, Springfield, IL 62701',
  inviter_email: 'alex@example.test',
  expires_at: '2026-12-06T10:00:00.000Z',
};

function signedIn() {
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), user: managerUser({ email }) }));
  return store;
}

describe('PartnerInvitationPage (/partner-invitation/:token)', () => {
  it('asks a signed-out visitor to log in with the invited address (and come back) or to sign up with it, asking the BFF nothing', async () => {
    bff = stubBffRoutes();
    const { router } = renderRoutes(appRoutes, { path });

    expect(await screen.findByRole('heading', { level: 1, name: 'Property invitation' })).toBeTruthy();
    expect(screen.getByText(email)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/partner-invitation/${token}`);
    expect(bff.requests.filter((request) => request.path.startsWith('/api/partner-invitation'))).toHaveLength(0);
    const back = `?${new URLSearchParams({ email, redirect: path }).toString()}`;
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/signup${back}`);

    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(email);
    expect(router.state.location.search).toBe(back);
  });

  it('logging in from the invitation comes back to it', async () => {
    bff = stubBffRoutes(
      on('POST', 'auth/sign-in', () => json({ access_token: 'token-1', expires_in: 900, user: managerUser({ email }) })),
      on('GET', 'user/referral', () => json(null)),
      on('GET', `partner-invitation/${token}`, () => json(invitation)),
    );
    const { router } = renderRoutes(appRoutes, { path });
    fireEvent.click(await screen.findByRole('link', { name: 'Log in' }));
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Elm Street Apartments')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
  });

  it('signing up from the invitation, verifying the address (the e-mail link opens a new tab) and logging in comes back to it', async () => {
    bff = stubBffRoutes(
      on('POST', 'auth/sign-up', () => json({ email }, 201)),
      on('POST', 'auth/sign-in', () => json({ access_token: 'token-1', expires_in: 900, user: managerUser({ email, account_type: null }) })),
      on('GET', 'user/referral', () => json(null)),
      on('GET', `partner-invitation/${token}`, () => json(invitation)),
    );
    const signUpTab = renderRoutes(appRoutes, { path });
    fireEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Jordan Lee' } });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(email);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(signUpTab.router.state.location.pathname).toBe(`/verify-email/${encodeURIComponent(email)}`);
    signUpTab.unmount();

    // The verification link ends on /login?verified=1, in a fresh tab: only the browser's storage is shared.
    const loginTab = renderRoutes(appRoutes, { path: '/login?verified=1' });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Elm Street Apartments')).toBeTruthy();
    expect(`${loginTab.router.state.location.pathname}${loginTab.router.state.location.search}`).toBe(path);
    expect(localStorage.getItem('pm.share-redirect-url')).toBeNull();
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', '/property-manager/rules'])(
    'does not follow a crafted redirect %s after sign-up and log-in',
    async (redirect) => {
      bff = stubBffRoutes(
        on('POST', 'auth/sign-in', () => json({ access_token: 'token-1', expires_in: 900, user: managerUser({ email }) })),
        on('GET', 'user/referral', () => json(null)),
      );
      renderRoutes(appRoutes, { path: `/signup?${new URLSearchParams({ email, redirect }).toString()}` });
      expect(await screen.findByLabelText('Name')).toBeTruthy();
      expect(localStorage.getItem('pm.share-redirect-url')).toBeNull();
      cleanup();

      const { router } = renderRoutes(appRoutes, { path: `/login?${new URLSearchParams({ redirect }).toString()}` });
      fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/property-manager/dashboard'));
    },
  );

  it('shows the invitation to the invitee and accepts it, then opens the location', async () => {
    bff = stubBffRoutes(
      on('GET', `partner-invitation/${token}`, () => json(invitation)),
      on('POST', `partner-invitation/${token}/accept`, () => json({ location_id: 'loc-1', role: 'MANAGER' })),
    );
    const { router } = renderRoutes(appRoutes, { path, store: signedIn() });

    expect(await screen.findByText('Elm Street Apartments')).toBeTruthy();
    expect(screen.getByText('12 Elm Street, Springfield, IL 62701')).toBeTruthy();
    expect(screen.getByText(/alex@example.test invited you to join this property as/)).toBeTruthy();
    expect(screen.getByText('Manager')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Invitation accepted')).toBeTruthy();
    expect(bff.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`/api/partner-invitation/${token}/accept`]);
    expect(router.state.location.pathname).toBe('/property-manager/property-locations/loc-1');
  });

  it('declines it', async () => {
    bff = stubBffRoutes(
      on('GET', `partner-invitation/${token}`, () => json(invitation)),
      on('POST', `partner-invitation/${token}/decline`, () => json({ declined: true })),
    );
    renderRoutes(appRoutes, { path, store: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Invitation declined')).toBeTruthy();
    expect(bff.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`/api/partner-invitation/${token}/decline`]);
  });

  it.each([
    [403, PARTNER_INVITATION_OTHER_EMAIL],
    [404, PARTNER_INVITATION_NOT_FOUND],
  ])('shows the server\'s message when the invitation answers %i, and no answer buttons', async (status, message) => {
    bff = stubBffRoutes(on('GET', `partner-invitation/${token}`, () => json({ statusCode: status, message }, status)));
    renderRoutes(appRoutes, { path, store: signedIn() });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });
});
