import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStarted } from '../../../app/session-slice.js';
import { createAppStore } from '../../../app/store.js';
import { json, managerUser, on, stubBffRoutes, type BffRoute } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { rentResultRoutes } from '../routes.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

const payment = (checkout_session_id: string | null, status = 'completed') => ({
  id: 'stripe:pi_1',
  amount: 185_000,
  status,
  type: 'rent',
  description: 'Rent, Building A, Unit 2B (ACH)',
  date: '2026-12-02',
  period: '2026-12',
  isSubscription: false,
  subscriptionId: null,
  metadata: { checkout_session_id },
});

function renderAt(path: string, { routes = [], signedIn = false }: { routes?: BffRoute[]; signedIn?: boolean } = {}) {
  bff = stubBffRoutes(...routes);
  const store = createAppStore();
  if (signedIn) store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
  return renderRoutes([{ path: '/', children: [{ index: true, element: <p>Home page</p> }, ...rentResultRoutes] }], { path, store });
}

describe('/rent/success (spec 000 §4.5)', () => {
  it('with no session_id goes straight to success, without asking anything', async () => {
    renderAt('/rent/success');
    expect(await screen.findByText('Your payment has been received.')).toBeTruthy();
    expect(bff.requests).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'View Payment History' })).toBeNull();
  });

  it.each(['completed', 'processing'])('shows success when the checkout session’s payment is %s', async (status) => {
    renderAt('/rent/success?session_id=cs_test_a1', { routes: [on('GET', 'payments/checkout/cs_test_a1', () => json([payment('cs_test_a1', status)]))] });
    expect(await screen.findByText('Your payment has been received.')).toBeTruthy();
  });

  it('says the payment could not be verified when no payment of the session is paid', async () => {
    renderAt('/rent/success?session_id=cs_test_a1', { routes: [on('GET', 'payments/checkout/cs_test_a1', () => json([payment('cs_test_a1', 'returned')]))] });
    expect(await screen.findByText('We could not verify your payment. Please contact support if funds were withdrawn.')).toBeTruthy();
    expect(screen.getByText('Something went wrong with your payment verification.')).toBeTruthy();
  });

  it('says the verification failed when the payments cannot be read', async () => {
    renderAt('/rent/success?session_id=cs_test_a1', { routes: [on('GET', 'payments/checkout/cs_test_a1', () => json({ statusCode: 500, message: 'boom' }, 500))] });
    expect(await screen.findByText('An error occurred while verifying your payment. Please check your payment history.')).toBeTruthy();
  });

  it('waits for the payment while the provider\'s webhook has not put it in the ledger, then shows it', async () => {
    let asked = 0;
    renderAt('/rent/success?session_id=cs_test_a1', { routes: [on('GET', 'payments/checkout/cs_test_a1', () => json(++asked < 2 ? [] : [payment('cs_test_a1', 'processing')]))] });
    expect(await screen.findByText('Your payment has been received.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  it('offers the payment history only when signed in', async () => {
    renderAt('/rent/success', { signedIn: true });
    const history = await screen.findByRole('link', { name: 'View Payment History' });
    expect(history.getAttribute('href')).toBe('/property-manager/rent');
  });
});

describe('/rent/cancel (spec 000 §2.3 item 17)', () => {
  it('says nothing was charged and goes home or back', async () => {
    const { router } = renderAt('/rent/cancel');
    expect(await screen.findByText('Your rent payment process was cancelled. No charges have been made.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Homepage' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
