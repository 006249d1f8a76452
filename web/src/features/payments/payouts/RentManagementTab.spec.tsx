import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStarted } from '../../../app/session-slice.js';
import { createAppStore } from '../../../app/store.js';
import { json, managerUser, on, stubBffRoutes, type BffRoute } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { payoutViewOf } from './payout-state.js';
import { RentManagementTab } from './RentManagementTab.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

const flags = (onboardingComplete: boolean, chargesEnabled: boolean, payoutsEnabled: boolean, detailsSubmitted: boolean) => ({
  onboardingComplete,
  chargesEnabled,
  payoutsEnabled,
  detailsSubmitted,
});

describe('the payout state (spec 000 §4.8)', () => {
  it.each([
    [flags(true, true, true, true), 'Active', false, true],
    [flags(true, true, false, true), 'Onboarding Incomplete / Verification Pending', true, false],
    [flags(false, false, false, true), 'Onboarding Incomplete / Verification Pending', true, false],
    [flags(true, false, false, false), 'Onboarding Incomplete / Verification Pending', true, false],
    [flags(false, true, true, false), 'Not Connected', true, false],
    [flags(false, false, false, false), 'Not Connected', true, false],
  ])('%j is %s', (status, state, showConnect, showDashboard) => {
    expect(payoutViewOf(status)).toMatchObject({ state, showConnect, showDashboard });
  });
});

function renderTab(routes: BffRoute[]) {
  const navigateTo = jest.fn<(url: string) => void>();
  const openInNewTab = jest.fn<(url: string) => void>();
  bff = stubBffRoutes(...routes);
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
  renderRoutes([{ path: '/', element: <RentManagementTab navigateTo={navigateTo} openInNewTab={openInNewTab} /> }], { store });
  return { navigateTo, openInNewTab };
}

describe('the Rent Management tab', () => {
  it('when not connected, offers the connect button and sends the page to the onboarding url', async () => {
    const { navigateTo } = renderTab([
      on('GET', 'connect/account-status', () => json(flags(false, false, false, false))),
      on('POST', 'connect/onboard', () => json({ url: 'https://connect.stripe.com/setup/e/acct_1/abc' })),
    ]);
    expect(await screen.findByText('Not Connected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open Stripe Dashboard' })).toBeNull();
    expect(screen.getByText(/does not hold your funds and is not an escrow agent/)).toBeTruthy();
    expect(screen.getByText(/rests with you as the owner or manager/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe Account' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/abc'));
    const post = bff.requests.find((request) => request.path === '/api/connect/onboard')!;
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // Spec 000 §9: the button keeps its loading state while the page leaves.
    expect(screen.getByRole('button', { name: /Connect Stripe Account/ }).className).toMatch(/ant-btn-loading/);
  });

  it('when active, offers only the dashboard button and opens its link in a new tab', async () => {
    const { openInNewTab } = renderTab([
      on('GET', 'connect/account-status', () => json(flags(true, true, true, true))),
      on('POST', 'connect/dashboard-link', () => json({ url: 'https://connect.stripe.com/express/acct_1/Lk9x' })),
    ]);
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect Stripe Account|Complete Stripe Onboarding/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open Stripe Dashboard' }));
    await waitFor(() => expect(openInNewTab).toHaveBeenCalledWith('https://connect.stripe.com/express/acct_1/Lk9x'));
  });

  it('says when the status, the onboarding or the dashboard link fail, in the spec’s words', async () => {
    renderTab([
      on('GET', 'connect/account-status', () => json({ statusCode: 502, message: 'Stripe could not be reached. Please try again.' }, 502)),
      on('POST', 'connect/onboard', () => json({ statusCode: 502, message: 'Stripe could not be reached. Please try again.' }, 502)),
    ]);
    expect(await screen.findByText('Could not load Stripe account status.')).toBeTruthy();
    expect(await screen.findByText('Failed to fetch Stripe account status.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe Account' }));
    expect(await screen.findByText('Failed to start Stripe onboarding.')).toBeTruthy();
  });

  it.each([
    [json({ statusCode: 409, message: 'Connect a Stripe account first' }, 409), 'Failed to get Stripe dashboard link.'],
    [json({}), 'Failed to retrieve Stripe dashboard link URL.'],
  ])('says so when the dashboard call fails or answers no url', async (answer, text) => {
    renderTab([on('GET', 'connect/account-status', () => json(flags(true, true, true, true))), on('POST', 'connect/dashboard-link', () => answer.clone())]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Stripe Dashboard' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
