import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, managerUser, on, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { aLocation, progressWith } from '../test-fixtures.js';
import { sessionStarted, type SessionUser } from '../session-slice.js';
import { createAppStore } from '../store.js';
import { TABLET_MEDIA } from './PropertyManagerShell.js';
import { propertyManagerRoute } from './routes.js';
import { selectedLocationKey } from './selected-location.js';


let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const oak = aLocation({ name: 'Oak House', address_text: '12 Oak Street, Springfield, IL 62701' });
const elm = aLocation({ name: 'Elm Court', address_text: '40 Elm Court, Austin, TX 78701', type: 'MULTI_UNIT', declared_units_count: 6 });

function renderShell(path: string, user: SessionUser = managerUser()) {
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user }));
  const view = renderRoutes(
    [
      { path: '/', children: [propertyManagerRoute] },
      { path: '/logout', element: <p>Signed out</p> },
      { path: '/login', element: <p>Login screen</p> },
      { path: '/onboarding/account-type', element: <p>Account type step</p> },
    ],
    { path, store },
  );
  return { ...view, user };
}

const progressRoute = (byLocation: Record<string, ReturnType<typeof progressWith>>) =>
  on('GET', 'property-manager/onboarding/:id/progress', (_request, url) => json(byLocation[url.pathname.split('/')[4]!] ?? progressWith()));

/** A window whose width matches `matching` media queries only (jsdom's own matches none). */
function windowMatching(matching: (query: string) => boolean) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({ matches: matching(query), media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

describe('PropertyManagerShell', () => {
  it('opens the full sidebar on a wide window, every item with an icon so the mini strip shows something for each (Vault among them)', async () => {
    bff = stubBffRoutes(on('GET', 'property-location/all', () => json([elm])), progressRoute({}));
    const { container } = renderShell('/property-manager/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Property manager' });
    // A window matching no tablet width (jsdom's): the full sidebar.
    expect((container.querySelector('.ant-layout-sider') as HTMLElement).style.width).toBe('260px');
    const items = Array.from(nav.querySelectorAll('.ant-menu-item'));
    expect(items.map((item) => item.textContent)).toContain('Vault');
    expect(items.filter((item) => !item.querySelector('.anticon')).map((item) => item.textContent)).toEqual([]);
  });

  it('starts with the 60 px strip on a tablet (768 to 1023 px), which the trigger opens; a wider window gets the full sidebar', async () => {
    const restore = windowMatching((query) => query === TABLET_MEDIA);
    try {
      bff = stubBffRoutes(on('GET', 'property-location/all', () => json([elm])), progressRoute({}));
      const { container } = renderShell('/property-manager/dashboard');
      await screen.findByRole('navigation', { name: 'Property manager' });
      const sider = container.querySelector('.ant-layout-sider') as HTMLElement;
      expect(sider.classList.contains('ant-layout-sider-collapsed')).toBe(true);
      expect(sider.style.width).toBe('60px');
      fireEvent.click(container.querySelector('.ant-layout-sider-trigger')!);
      await waitFor(() => expect(sider.classList.contains('ant-layout-sider-collapsed')).toBe(false));
      expect(sider.style.width).toBe('260px');
    } finally {
      restore();
    }
  });

  it('shows the full-page error with Refresh and Log out, and the toast, when the locations fail to load', async () => {
    bff = stubBffRoutes(on('GET', 'property-location/all', () => json({ statusCode: 503, message: 'Service Unavailable' }, 503)));
    renderShell('/property-manager/dashboard');

    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(await screen.findByText('Failed to fetch property locations.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Property manager' })).toBeNull();
  });

  it('tells the user when the onboarding progress fails, and still shows the dashboard', async () => {
    bff = stubBffRoutes(
      on('GET', 'property-location/all', () => json([oak])),
      on('GET', 'property-manager/onboarding/:id/progress', () => json({ statusCode: 500, message: 'boom' }, 500)),
    );
    renderShell('/property-manager/dashboard');

    expect(await screen.findByText('Failed to fetch onboarding progress.')).toBeTruthy();
    expect(await screen.findByText('12 Oak Street, Springfield, IL 62701')).toBeTruthy();
  });

  it('selects the first location by default and remembers another choice across a reload', async () => {
    bff = stubBffRoutes(on('GET', 'property-location/all', () => json([oak, elm])), progressRoute({ [elm.id]: progressWith({ hasBuilding: true }) }));
    const user = managerUser();
    const first = renderShell('/property-manager/dashboard', user);

    expect(await screen.findByText('12 Oak Street, Springfield, IL 62701')).toBeTruthy();
    const selector = screen.getByRole('combobox', { name: 'Property location' });
    fireEvent.mouseDown(selector);
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((item) => item.textContent === 'Elm Court');
      if (!found) throw new Error('no Elm Court option');
      return found;
    });
    fireEvent.click(option);

    expect(await screen.findByText('40 Elm Court, Austin, TX 78701')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(selectedLocationKey())!)).toEqual({ userId: user.id, locationId: elm.id });
    first.unmount();

    renderShell('/property-manager/dashboard', user);
    expect(await screen.findByText('40 Elm Court, Austin, TX 78701')).toBeTruthy();
    expect(bff.requests.some((request) => request.path === `/api/property-manager/onboarding/${elm.id}/progress`)).toBe(true);
  });

  it('forgets the selected location when the user logs out from the user menu', async () => {
    bff = stubBffRoutes(on('GET', 'property-location/all', () => json([oak, elm])), progressRoute({}));
    const user = managerUser();
    window.localStorage.setItem(selectedLocationKey(), JSON.stringify({ userId: user.id, locationId: elm.id }));
    const { router } = renderShell('/property-manager/dashboard', user);

    expect(await screen.findByText('40 Elm Court, Austin, TX 78701')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: user.full_name ?? '' }));
    fireEvent.click(await screen.findByText('Logout'));

    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/logout');
    expect(window.localStorage.getItem(selectedLocationKey())).toBeNull();
  });

  it('shows the welcome panel with Add Your First Property when there is no location yet', async () => {
    bff = stubBffRoutes(on('GET', 'property-location/all', () => json([])));
    const { router } = renderShell('/property-manager');

    fireEvent.click(await screen.findByRole('button', { name: 'Add Your First Property' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/property-manager/property-locations/create'));
    expect(await screen.findByRole('combobox', { name: 'Property Address' })).toBeTruthy();
  });

  it('sends a user without an account type to onboarding', async () => {
    bff = stubBffRoutes(on('GET', 'property-location/all', () => json([])));
    renderShell('/property-manager/dashboard', managerUser({ account_type: null }));
    expect(await screen.findByText('Account type step')).toBeTruthy();
  });

  it('does not ask non-managers for onboarding progress', async () => {
    bff = stubBffRoutes(on('GET', 'property-location/all', () => json([oak])), progressRoute({}));
    renderShell('/property-manager/dashboard', managerUser({ account_type: 'home_owner' }));
    expect(await screen.findByText('12 Oak Street, Springfield, IL 62701')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(bff.requests.filter((request) => request.path.includes('/onboarding/'))).toHaveLength(0);
  });
});
