import { screen, waitFor } from '@testing-library/react';
import { managerUser, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { appRoutes } from '../../app/router.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

describe('ResidentHomePage (/resident/dashboard)', () => {
  it('greets a signed-in resident and says what a resident account does, not the manager onboarding', async () => {
    bff = stubBffRoutes();
    const store = createAppStore();
    store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), user: managerUser({ account_type: 'resident', full_name: 'Jordan Tenant' }) }));
    const { router } = renderRoutes(appRoutes, { path: '/resident/dashboard', store });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan' })).toBeTruthy();
    expect(screen.getByText('Your resident account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'account settings' }).getAttribute('href')).toBe('/resident/account');
    expect(router.state.location.pathname).toBe('/resident/dashboard');
  });

  it('is the residents\' page: a manager is sent to the property dashboard', async () => {
    bff = stubBffRoutes();
    const store = createAppStore();
    store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), user: managerUser() }));
    const { router } = renderRoutes(appRoutes, { path: '/resident/dashboard', store });
    await waitFor(() => expect(router.state.location.pathname).toBe('/property-manager/dashboard'));
    expect(screen.queryByText('Your resident account')).toBeNull();
  });
});
