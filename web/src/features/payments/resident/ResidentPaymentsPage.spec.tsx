import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, managerUser, on, stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { appRoutes } from '../../../app/router.js';
import { sessionStarted } from '../../../app/session-slice.js';
import { createAppStore } from '../../../app/store.js';
import { activeSubscriptionOf, paymentStatusColor, ResidentPaymentsPage } from './ResidentPaymentsPage.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => {
  bff?.restore();
  jest.useRealTimers();
});

const payment = (id: string, date: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  amount: 150_000,
  status,
  type: 'rent',
  description: 'Rent, Building A, Unit 2B (ACH)',
  date,
  period: date.slice(0, 7),
  isSubscription: false,
  subscriptionId: null,
  metadata: { checkout_session_id: null },
  ...extra,
});
const subscription = {
  id: 'sub_1',
  subscriptionId: 'sub_1',
  stripe_subscription_id: 'sub_1',
  unit_id: crypto.randomUUID(),
  amount: 150_000,
  currency: 'usd',
  interval: 'month',
  method: 'us_bank_account',
  status: 'active',
  date: '2099-01-01',
  period: '2099-01',
  current_period_start: '2098-12-07T17:40:00.000Z',
  current_period_end: '2099-01-01T06:00:00.000Z',
  cancel_at_period_end: false,
  canceled_at: null,
  created_at: '2098-12-07T17:40:00.000Z',
};

function renderPage(routes: Parameters<typeof stubBffRoutes>, navigateTo?: (url: string) => void) {
  bff = stubBffRoutes(...routes);
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), user: managerUser({ account_type: 'resident', full_name: 'Ana Reyes' }) }));
  // The page as its route renders it, or alone when the test watches where it sends the browser.
  return navigateTo
    ? renderRoutes([{ path: '/resident/payments', element: <ResidentPaymentsPage navigateTo={navigateTo} /> }], { path: '/resident/payments', store })
    : renderRoutes(appRoutes, { path: '/resident/payments', store });
}

describe('ResidentPaymentsPage (/resident/payments)', () => {
  it('lists the payments newest first in dollars, coloured by status, and makes a payment back to this page after 3 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const assign = jest.fn();
    renderPage(
      [
        on('GET', 'payments', () => json([payment('p1', '2026-10-01', 'completed'), payment('p3', '2026-12-02', 'processing'), payment('p2', '2026-11-01', 'returned')])),
        on('GET', 'payments/subscriptions', () => json([])),
        on('POST', 'payments/generate-link', () => json({ checkoutUrl: 'http://127.0.0.1:12130/checkout/cs_test_1' }, 201)),
      ],
      assign,
    );
    expect(await screen.findByRole('heading', { name: 'Payments: History' })).toBeTruthy();
    expect(screen.getByText('View your payment history and manage your recurring rent ACH payment.')).toBeTruthy();
    await screen.findByText('Dec 2, 2026');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')!.textContent)).toEqual(['Dec 2, 2026', 'Nov 1, 2026', 'Oct 1, 2026']);
    expect(within(rows[0]!).getByText('$1,500.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect((await screen.findAllByText('Redirecting to payment page. Please wait...')).length).toBeGreaterThan(0);
    const [post] = bff.requests.filter((request) => request.method === 'POST' && request.path === '/api/payments/generate-link');
    expect(post!.body).toEqual({ amount: 0, type: 'rent', description: 'Rent payment', success_url: window.location.href, cancel_url: window.location.href });
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(3_000);
    });
    expect(assign).toHaveBeenCalledWith('http://127.0.0.1:12130/checkout/cs_test_1');
  });

  it('shows the active recurring payment, disables Make Payment, and moves its next payment date', async () => {
    renderPage([
      on('GET', 'payments', () => json([])),
      on('GET', 'payments/subscriptions', () => json([subscription])),
      on('POST', 'payments/subscription/update-date', () => json({ message: 'Next payment date updated', subscription: { ...subscription, date: '2099-01-05', status: 'trialing' } })),
    ]);
    expect(await screen.findByText('Your recurring rent payment')).toBeTruthy();
    expect(screen.getByText('$1,500.00 / month')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Make Payment' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Change Next Payment Date' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Next payment date') as HTMLInputElement;
    expect(input.value).toBe('2099-01-01');
    fireEvent.change(input, { target: { value: '2099-01-05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The date is beyond 60 days from today: refused in the form, nothing sent.
    expect(await within(dialog).findByText('Choose a day after today and at most 60 days ahead')).toBeTruthy();
    expect(bff.requests.filter((request) => request.path === '/api/payments/subscription/update-date')).toEqual([]);
  });

  it('cancels the recurring payment, saying "Failed to cancel subscription" and to try again when it fails', async () => {
    renderPage([
      on('GET', 'payments', () => json([])),
      on('GET', 'payments/subscriptions', () => json([subscription])),
      on('POST', 'payments/subscription/cancel', () => json({ statusCode: 502 }, 502)),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Recurring Payment' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Recurring Payment' }));
    await waitFor(() => expect(screen.getAllByText('Failed to cancel subscription Please try again.').length).toBeGreaterThan(0));
  });
});

describe('the resident payment rules (spec 002 §4)', () => {
  it('colours completed and active as success, pending and processing as warning, the rest as error', () => {
    expect(['completed', 'active', 'pending', 'processing', 'returned', 'refunded'].map(paymentStatusColor)).toEqual(['success', 'success', 'warning', 'warning', 'error', 'error']);
  });

  it('takes the first active subscription, else an active rent payment flagged as a subscription', () => {
    const flagged = payment('sub_9', '2026-12-01', 'active', { isSubscription: true, subscriptionId: 'sub_9' });
    expect(activeSubscriptionOf([{ ...subscription, status: 'canceled' } as never, subscription as never], [])).toBe(subscription);
    expect(activeSubscriptionOf(undefined, [payment('p1', '2026-12-01', 'completed') as never, flagged as never])).toBe(flagged);
    expect(activeSubscriptionOf([], [])).toBeNull();
  });
});
