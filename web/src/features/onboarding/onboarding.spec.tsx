import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, managerUser, on, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { selectSessionUser, sessionStarted, type SessionUser } from '../../app/session-slice.js';
import { localKeys } from '../../app/storage/local-keys.js';
import { createAppStore } from '../../app/store.js';
import { aLocation, progressWith } from '../../app/test-fixtures.js';
import type { PropertyLocation } from '../../app/property-location.js';
import { onboardingRoute } from '../../app/onboarding-route.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

function renderOnboarding(path: string, user: SessionUser = managerUser()) {
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user }));
  const view = renderRoutes(
    [
      { path: '/', children: [onboardingRoute] },
      { path: '/property-manager/*', element: <p>Manager area</p> },
      { path: '/share/:code', element: <p>Share page</p> },
      { path: '/logout', element: <p>Signed out</p> },
    ],
    { path, store },
  );
  return { ...view, store };
}

const noLocations = on('GET', 'property-location/all', () => json([]));
const noReferral = on('GET', 'user/referral', () => json(null));

describe('onboarding routes (spec 000 2.5)', () => {
  it('sets the account type to property manager with the campaign and forwards it to the property step', async () => {
    const user = managerUser({ account_type: null });
    bff = stubBffRoutes(
      noLocations,
      noReferral,
      on('PUT', 'user/account-type', async (request) => json({ ...user, ...((await request.json()) as object) })),
    );
    const { router, store } = renderOnboarding('/onboarding/account-type?campaign=property_owner', user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/property-location'));
    expect(router.state.location.search).toBe('?campaign=property_owner');
    expect(bff.requests.find((request) => request.method === 'PUT')!.body).toEqual({ account_type: 'property_manager', campaign: 'property_owner' });
    expect(selectSessionUser(store.getState())?.account_type).toBe('property_manager');
    // The property-owner campaign makes the type optional.
    expect(await screen.findByRole('combobox', { name: /^Property Type/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Property Address is required')).toBeTruthy();
    expect(screen.queryByText('Property Type is required')).toBeNull();
  });

  it('sends any other onboarding path to account type select, keeping the query', async () => {
    bff = stubBffRoutes(noLocations, noReferral, on('PUT', 'user/account-type', () => json(managerUser())));
    const { router } = renderOnboarding('/onboarding/somewhere?campaign=share_link');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/property-location'));
    expect(router.state.location.search).toBe('?campaign=share_link');
    expect(bff.requests.find((request) => request.method === 'PUT')!.body).toEqual({ account_type: 'property_manager', campaign: 'share_link' });
  });

  it('shows the map, Logout, and no Skip for now to a user who came from nowhere in particular', async () => {
    bff = stubBffRoutes(noLocations, noReferral);
    renderOnboarding('/onboarding/property-location');

    expect(await screen.findByRole('img', { name: 'Map of the United States' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    await waitFor(() => expect(bff.requests.some((request) => request.path === '/api/user/referral')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();
  });

  it('offers Skip for now after a share link and follows the stored share redirect once', async () => {
    bff = stubBffRoutes(noLocations, noReferral);
    window.localStorage.setItem(localKeys.shareRedirect, '/share/Ab3x');
    const { router } = renderOnboarding('/onboarding/property-location');

    fireEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByText('Share page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/share/Ab3x');
    expect(window.localStorage.getItem(localKeys.shareRedirect)).toBeNull();
  });

  it('prefers returnUrl over the stored referral, and marks nothing redirected when it does', async () => {
    bff = stubBffRoutes(noLocations, on('GET', 'user/referral', () => json({ id: 'r1', referral_url: '/property-manager/communities/9', is_redirected: false })));
    window.localStorage.setItem(localKeys.postOnboardingRedirect, '/property-manager/save-together');
    const { router } = renderOnboarding('/onboarding/property-location?returnUrl=%2Fproperty-manager%2Fdashboard');

    fireEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/property-manager/dashboard'));
    expect(bff.requests.some((request) => request.path === '/api/user/referral/complete')).toBe(false);
    expect(window.localStorage.getItem(localKeys.postOnboardingRedirect)).toBe('/property-manager/save-together');
  });

  it('skips to the stored referral, marking it redirected', async () => {
    bff = stubBffRoutes(
      noLocations,
      on('GET', 'user/referral', () => json({ id: 'r1', referral_url: '/property-manager/communities/9', is_redirected: false })),
      on('POST', 'user/referral/complete', () => new Response(null, { status: 204 })),
    );
    const { router } = renderOnboarding('/onboarding/property-location');

    fireEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/property-manager/communities/9'));
    await waitFor(() => expect(bff.requests.some((request) => request.path === '/api/user/referral/complete')).toBe(true));
  });

  it('after creating the location goes to the tenants step, then once to the checklist while onboarding is incomplete', async () => {
    const created: PropertyLocation[] = [];
    bff = stubBffRoutes(
      noReferral,
      on('GET', 'property-location/all', () => json(created)),
      on('POST', 'property-location', async (request) => {
        const location = aLocation((await request.json()) as Partial<PropertyLocation>);
        created.push(location);
        return json(location, 201);
      }),
      on('GET', 'property-manager/onboarding/:id/progress', () => json(progressWith())),
    );
    const { router } = renderOnboarding('/onboarding/property-location');

    fireEvent.change(await screen.findByRole('combobox', { name: 'Property Address' }), { target: { value: '12 Oak Street, Springfield, IL 62701' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Property Type' }));
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((item) => item.textContent === 'Single Family Home');
      if (!found) throw new Error('no option yet');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Property location created successfully')).toBeTruthy();
    // The tenants step is reached, then the once-per-location redirect takes over (spec 000 4.2).
    await waitFor(() => expect(router.state.location.pathname).toBe('/property-manager/onboarding-checklist'));
    const redirectedKey = `pm.onboarding-checklist-redirected.${created[0]!.id}`;
    expect(window.localStorage.getItem(redirectedKey)).not.toBeNull();

    await router.navigate('/onboarding/tenants');
    expect(await screen.findByText('Tenant upload is coming soon')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/onboarding/tenants');
  });

  it('after creating the location follows returnUrl when one was given', async () => {
    bff = stubBffRoutes(
      noReferral,
      noLocations,
      on('POST', 'property-location', async (request) => json(aLocation((await request.json()) as Partial<PropertyLocation>), 201)),
    );
    const { router } = renderOnboarding('/onboarding/property-location?returnUrl=%2Fproperty-manager%2Fcommunities%2F3&campaign=property_owner', managerUser({ campaign: 'property_owner' }));

    fireEvent.change(await screen.findByRole('combobox', { name: 'Property Address' }), { target: { value: '12 Oak Street, Springfield, IL 62701' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/property-manager/communities/3'));
  });
});
