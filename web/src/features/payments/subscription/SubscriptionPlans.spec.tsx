import { jest } from '@jest/globals';
import { PLANS } from '@pm/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStarted } from '../../../app/session-slice.js';
import { createAppStore } from '../../../app/store.js';
import { json, managerUser, on, stubBffRoutes, type BffRoute } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { SUCCESS_REFRESH_MS, SubscriptionPlans } from './SubscriptionPlans.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => {
  bff?.restore();
  jest.useRealTimers();
});

const growthTrial = {
  plan: 'growth',
  subscription: { id: 'sub_01hv8x9z2k3m4n5p6q7r8s9t0v', plan: 'growth', planName: 'Growth', status: 'trialing', amount: 3599, trialEndsAt: '2027-01-06T17:00:00.000Z', currentPeriodEnd: '2027-01-06T17:00:00.000Z', nextBilledAt: '2027-01-06T17:00:00.000Z', cancelAt: null, canceledAt: null },
};
const free = { plan: 'free', subscription: null };
const plans = on('GET', 'paddle/subscription/plans', () => json({ plans: PLANS }));

function renderPlans(routes: BffRoute[], path = '/property-manager/subscription') {
  const navigateTo = jest.fn<(url: string) => void>();
  const openInNewTab = jest.fn<(url: string) => void>();
  bff = stubBffRoutes(...routes);
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
  const view = renderRoutes([{ path: '/property-manager/subscription', element: <SubscriptionPlans navigateTo={navigateTo} openInNewTab={openInNewTab} /> }], { store, path });
  return { navigateTo, openInNewTab, router: view.router };
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('.ant-card') as HTMLElement;

describe('the subscription plans screen', () => {
  it('shows the plans from the call with the pricing table’s figures, and Get started goes to the checkout URL', async () => {
    const { navigateTo } = renderPlans([
      plans,
      on('GET', 'paddle/subscription/current', () => json(free)),
      on('POST', 'paddle/subscription/checkout', () => json({ url: 'http://127.0.0.1:12150/checkout/txn_01hv8x9z2k3m4n5p6q7r8s9t0v' })),
    ]);
    expect(await screen.findByRole('heading', { name: 'Growth' })).toBeTruthy();
    expect(within(card('Growth')).getByText('$35.99')).toBeTruthy();
    expect(within(card('Growth')).getByText('$0.72 per unit · 21-50 units · 5 users · 50 GB storage')).toBeTruthy();
    expect(within(card('Free')).getByText('Limited use · 1 user · 2 GB storage')).toBeTruthy();
    expect(within(card('Enterprise')).getByText('Custom · 100+ units · Unlimited users · Unlimited storage')).toBeTruthy();
    expect(within(card('Enterprise')).getByRole('link', { name: 'Contact sales' })).toBeTruthy();
    expect(within(card('Free')).getByText('Current plan')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Get started with Growth' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('http://127.0.0.1:12150/checkout/txn_01hv8x9z2k3m4n5p6q7r8s9t0v'));
    const post = bff.requests.find((request) => request.path === '/api/paddle/subscription/checkout')!;
    expect(post.body).toEqual({ plan: 'growth' });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the current plan in its trial and opens the cancellation link in a new tab', async () => {
    const { openInNewTab } = renderPlans([
      plans,
      on('GET', 'paddle/subscription/current', () => json(growthTrial)),
      on('GET', 'paddle/subscription/cancel/:id', () => json({ cancelUrl: 'http://127.0.0.1:12150/subscriptions/sub_01hv8x9z2k3m4n5p6q7r8s9t0v/cancel?token=t' })),
    ]);
    expect(await screen.findByText('Free trial')).toBeTruthy();
    expect(within(card('Growth')).getByText('Current plan')).toBeTruthy();
    expect(screen.getByText('January 6, 2027', { selector: '.ant-descriptions-item-content' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(openInNewTab).toHaveBeenCalledWith('http://127.0.0.1:12150/subscriptions/sub_01hv8x9z2k3m4n5p6q7r8s9t0v/cancel?token=t'));
    expect(bff.requests.some((request) => request.path === '/api/paddle/subscription/cancel/sub_01hv8x9z2k3m4n5p6q7r8s9t0v')).toBe(true);
  });

  it('says when the plans, the subscription or the cancellation link fail, in the spec’s words', async () => {
    renderPlans([
      on('GET', 'paddle/subscription/plans', () => json({ statusCode: 500, message: 'boom' }, 500)),
      on('GET', 'paddle/subscription/current', () => json(growthTrial)),
      on('GET', 'paddle/subscription/cancel/:id', () => json({ statusCode: 502, message: 'Paddle could not be reached. Please try again.' }, 502)),
    ]);
    expect(await screen.findByText('Failed to fetch subscription plans.', { selector: '.ant-notification *' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Failed to get cancellation link')).toBeTruthy();
    bff.restore();

    renderPlans([plans, on('GET', 'paddle/subscription/current', () => json({ statusCode: 502, message: 'x' }, 502))]);
    expect((await screen.findAllByText('Failed to fetch subscription information.')).length).toBeGreaterThan(0);
  });

  it('refreshes the subscription 2 seconds after the checkout returns with success=true', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let answers = 0;
    const { router } = renderPlans(
      [plans, on('GET', 'paddle/subscription/current', () => json(answers++ === 0 ? free : growthTrial))],
      '/property-manager/subscription?success=true',
    );
    await act(() => jest.advanceTimersByTimeAsync(10));
    expect(screen.getByText(/Your subscription is being set up/)).toBeTruthy();
    await act(() => jest.advanceTimersByTimeAsync(SUCCESS_REFRESH_MS - 100));
    expect(answers).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(answers).toBe(2));
    expect(router.state.location.search).toBe('');
  });
});
