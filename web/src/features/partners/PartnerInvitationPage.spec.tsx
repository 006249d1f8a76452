import { fireEvent, screen, within } from '@testing-library/react';
import { PARTNER_INVITATION_NOT_FOUND, PARTNER_INVITATION_OTHER_EMAIL } from '@pm/contracts';
import { json, managerUser, on, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { appRoutes } from '../../app/router.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

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
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/signup?email=${encodeURIComponent(email)}`);

    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(email);
    expect(router.state.location.state).toMatchObject({ from: { pathname: `/partner-invitation/${token}` } });
  });

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
