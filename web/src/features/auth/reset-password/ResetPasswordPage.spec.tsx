import { jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { aSession, jsonResponse, stubBff } from '../../../../test/bff-stub.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { selectAccessToken, sessionFromResponse } from '../../../app/session-slice.js';
import { createAppStore } from '../../../app/store.js';
import { ResetPasswordPage } from './ResetPasswordPage.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => {
  jest.useRealTimers();
  bff?.restore();
});

function renderReset({ signedIn = true } = {}) {
  const store = createAppStore();
  if (signedIn) store.dispatch(sessionFromResponse(aSession()));
  return renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { path: '/reset-password', store },
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));

describe('ResetPasswordPage', () => {
  it('sends a visitor with no session to login', async () => {
    bff = stubBff({});
    renderReset({ signedIn: false });
    expect(await screen.findByText('Login screen')).toBeTruthy();
  });

  it('shows the reset messages of spec section 5', async () => {
    bff = stubBff({});
    renderReset();
    submit();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(await screen.findByText('Please confirm your password')).toBeTruthy();

    type('New Password', 'short');
    type('Confirm Password', 'other');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(bff.calls).toEqual([]);
  });

  it("shows the server's message when the update fails", async () => {
    bff = stubBff({ 'PUT user/password': () => jsonResponse({ statusCode: 400, message: 'Password is too weak' }, 400) });
    renderReset();
    type('New Password', 'long-enough');
    type('Confirm Password', 'long-enough');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Password is too weak');
  });

  it('shows "Password updated", then after 3 seconds ends the recovery session and opens login', async () => {
    bff = stubBff({ 'PUT user/password': () => jsonResponse(null, 204), 'POST auth/sign-out': () => jsonResponse(null, 204) });
    const { store, router } = renderReset();
    type('New Password', 'long-enough');
    type('Confirm Password', 'long-enough');

    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    submit();
    // Step 1 ms at a time so the moment "Password updated" appears (and its timer starts) is known to the ms.
    for (let step = 0; step < 2000 && !screen.queryByText('Password updated'); step += 1) {
      await act(() => jest.advanceTimersByTimeAsync(1));
    }
    expect(screen.getByText('Password updated')).toBeTruthy();
    expect(bff.callsTo('PUT', 'user/password')[0]!.body).toEqual({ password: 'long-enough', confirm_password: 'long-enough' });

    await act(() => jest.advanceTimersByTimeAsync(2998));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(bff.callsTo('POST', 'auth/sign-out')).toHaveLength(0);

    await act(() => jest.advanceTimersByTimeAsync(2));
    for (let step = 0; step < 50 && router.state.location.pathname !== '/login'; step += 1) {
      await act(() => jest.advanceTimersByTimeAsync(0));
    }
    expect(router.state.location.pathname).toBe('/login');
    expect(bff.callsTo('POST', 'auth/sign-out')).toHaveLength(1);
    expect(selectAccessToken(store.getState())).toBeNull();
  });
});
