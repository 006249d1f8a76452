import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aSession, aUser, jsonResponse, stubBff } from '../../../../test/bff-stub.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { selectAccessToken, sessionFromResponse } from '../../../app/session-slice.js';
import { createAppStore } from '../../../app/store.js';
import { VerifyEmailPage } from './VerifyEmailPage.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => bff.restore());

function renderVerify(store = createAppStore()) {
  return renderRoutes(
    [
      { path: '/verify-email/:email', element: <VerifyEmailPage /> },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { path: '/verify-email/ada%40example.com', store },
  );
}

describe('VerifyEmailPage', () => {
  it('shows the address and resends once, then says "Email resent"', async () => {
    bff = stubBff({ 'POST auth/resend-verification': () => jsonResponse({ sent: true }) });
    renderVerify();
    expect(screen.getByText('ada@example.com')).toBeTruthy();

    fireEvent.click(screen.getByText('Click to resend'));
    expect(await screen.findByText('Email resent')).toBeTruthy();
    expect(screen.queryByText('Click to resend')).toBeNull();
    expect(bff.callsTo('POST', 'auth/resend-verification').map((call) => call.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('signs out before going to login', async () => {
    bff = stubBff({ 'POST auth/sign-out': () => jsonResponse(null, 204) });
    const store = createAppStore();
    store.dispatch(sessionFromResponse(aSession(aUser({ is_anonymous: true }))));
    const { router } = renderVerify(store);

    fireEvent.click(screen.getByText('Go to login'));
    expect(await screen.findByText('Login screen')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bff.callsTo('POST', 'auth/sign-out')).toHaveLength(1);
    expect(selectAccessToken(store.getState())).toBeNull();
  });
});
