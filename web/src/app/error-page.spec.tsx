import { jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { jsonResponse, stubBff } from '../../test/bff-stub.js';
import { renderRoutes } from '../../test/render-routes.js';
import { LogoutPage } from '../features/auth/log-out/LogoutPage.js';
import { ErrorPage } from './error-page.js';
import { selectAccessToken, sessionStarted } from './session-slice.js';
import { createAppStore } from './store.js';

function renderErrorPage(onRefresh = jest.fn()) {
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID() }));
  const view = renderRoutes(
    [
      { path: '/broken', element: <ErrorPage onRefresh={onRefresh} /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { path: '/broken', store },
  );
  return { ...view, onRefresh };
}

describe('ErrorPage', () => {
  it('shows the full-page error with Refresh and Log out', async () => {
    renderErrorPage();

    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText(/It's us, not you\. Please try again in a couple of minutes/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('reloads on Refresh', async () => {
    const { onRefresh } = renderErrorPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('signs out at the BFF, clears the session and goes to /login on Log out', async () => {
    const bff = stubBff({ 'POST auth/sign-out': () => jsonResponse(null, 204) });
    const { store, router } = renderErrorPage();
    expect(selectAccessToken(store.getState())).not.toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(selectAccessToken(store.getState())).toBeNull();
    expect(bff.callsTo('POST', 'auth/sign-out')).toHaveLength(1);
    bff.restore();
  });
});
