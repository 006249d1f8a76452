import { screen } from '@testing-library/react';
import { aSession, aUser } from '../../../test/bff-stub.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { sessionFromResponse, sessionRestoreStarted } from '../session-slice.js';
import { createAppStore } from '../store.js';
import { decideAccess } from './access-policy.js';
import { AccessGuard } from './AccessGuard.js';
import { appAccessRules } from './app-access-rules.js';

describe('appAccessRules (spec 2.2)', () => {
  const decide = (pathname: string, context: { isSignedIn: boolean; isAnonymous?: boolean; accountType?: 'property_manager' | 'resident' | null }) =>
    decideAccess({ pathname, ...context }, appAccessRules);

  it.each(['/', '/login', '/signup', '/pricing', '/about-us', '/verify-email/a@b.c', '/reset-password'])('keeps %s open to a signed-out visitor', (pathname) => {
    expect(decide(pathname, { isSignedIn: false })).toEqual({ allowed: true });
  });

  it('sends a signed-out visitor on a protected path to login', () => {
    expect(decide('/property-manager/dashboard', { isSignedIn: false })).toEqual({ allowed: false, redirectTo: '/login' });
    expect(decide('/onboarding/account-type', { isSignedIn: false })).toEqual({ allowed: false, redirectTo: '/login' });
  });

  it('opens the chat to a signed-out visitor only through its unauthenticated-experience entry', () => {
    expect(decide('/chat', { isSignedIn: false })).toEqual({ allowed: false, redirectTo: '/login' });
    expect(decideAccess({ pathname: '/chat', search: '?experience=visitor', isSignedIn: false }, appAccessRules)).toEqual({ allowed: true });
    expect(decideAccess({ pathname: '/property-manager/dashboard', search: '?experience=visitor', isSignedIn: false }, appAccessRules)).toEqual({ allowed: false, redirectTo: '/login' });
  });

  it('lets an anonymous session see only the shared paths besides the public ones', () => {
    expect(decide('/chat', { isSignedIn: true, isAnonymous: true })).toEqual({ allowed: true });
    expect(decide('/property-manager/dashboard', { isSignedIn: true, isAnonymous: true })).toEqual({ allowed: false, redirectTo: '/login' });
  });

  it('sends a signed-in user on a path not allowed for them to the property dashboard', () => {
    expect(decide('/resident/account/contact', { isSignedIn: true, accountType: 'property_manager' })).toEqual({
      allowed: false,
      redirectTo: '/property-manager/dashboard',
    });
    expect(decide('/resident/account/contact', { isSignedIn: true, accountType: 'resident' })).toEqual({ allowed: true });
    expect(decide('/property-manager/account/profile', { isSignedIn: true, accountType: 'property_manager' })).toEqual({ allowed: true });
  });
});

describe('AccessGuard with the app rules', () => {
  const routes = [
    {
      Component: AccessGuard,
      children: [
        { path: '/property-manager/account/profile', element: <p>Account</p> },
        { path: '/resident/account/contact', element: <p>Resident account</p> },
        { path: '/property-manager/dashboard', element: <p>Dashboard</p> },
      ],
    },
    { path: '/login', element: <p>Login screen</p> },
  ];

  it('sends a signed-out visitor to login, remembering the origin', async () => {
    const { router } = renderRoutes(routes, { path: '/property-manager/account/profile' });
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/property-manager/account/profile' } });
  });

  it('waits while the session is being restored instead of sending the visitor to login', async () => {
    const store = createAppStore();
    store.dispatch(sessionRestoreStarted());
    renderRoutes(routes, { path: '/property-manager/account/profile', store });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Login screen')).toBeNull();
    expect(screen.queryByText('Account')).toBeNull();
    expect(document.querySelector('.ant-spin')).not.toBeNull();
  });

  it('sends a manager away from the resident portal to the property dashboard', async () => {
    const store = createAppStore();
    store.dispatch(sessionFromResponse(aSession(aUser({ account_type: 'property_manager' }))));
    renderRoutes(routes, { path: '/resident/account/contact', store });
    expect(await screen.findByText('Dashboard')).toBeTruthy();
  });
});
