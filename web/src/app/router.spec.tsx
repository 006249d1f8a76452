import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '../../test/render-routes.js';
import { AccessGuard } from './access/AccessGuard.js';
import { appRoutes } from './router.js';

describe('appRoutes', () => {
  it('redirects an unknown path to the home page', async () => {
    const { router } = renderRoutes(appRoutes, { path: '/no/such/page?x=1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'PM Platform' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('AI-assisted property management for landlords, managers, owners and residents')).toBeTruthy();
  });

  it('renders the landing page inside the public shell with its navigation and legal footer', async () => {
    renderRoutes(appRoutes, { path: '/' });

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = Array.from(nav.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['About Us', '/about-us'],
      ['Pricing', '/pricing'],
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('link', { name: 'Property Overview' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/terms-of-service');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('contentinfo').textContent).toContain('PM Platform');
  });

  it('offers every header item behind the Menu button that phones get, and closes it on the way to the page', async () => {
    const { router } = renderRoutes(appRoutes, { path: '/pricing' });
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['About Us', 'Pricing', 'Start a Chat', 'Sign in', 'Start Free']);

    fireEvent.click(within(menu).getByRole('link', { name: 'About Us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About PM Platform' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/about-us');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('carries the campaign of the visit into the Sign in and Start Free links', async () => {
    renderRoutes(appRoutes, { path: '/?campaign=share_link' });
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/login?campaign=share_link');
    expect(screen.getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/signup?campaign=share_link');
  });
});

describe('AccessGuard', () => {
  it('sends a visitor a rule turns away to its target, remembering where they were going', async () => {
    const routes = [
      {
        element: <AccessGuard rules={[({ isSignedIn }) => (isSignedIn ? undefined : { allowed: false as const, redirectTo: '/login' })]} />,
        children: [
          { path: '/', element: <p>Public home</p> },
          { path: '/property-manager/dashboard', element: <p>Dashboard</p> },
        ],
      },
      { path: '/login', element: <p>Login screen</p> },
    ];
    const { router } = renderRoutes(routes, { path: '/property-manager/dashboard' });

    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(screen.queryByText('Dashboard')).toBeNull();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/property-manager/dashboard' } });

    await act(() => router.navigate('/'));
    expect(await screen.findByText('Public home')).toBeTruthy();
  });
});
