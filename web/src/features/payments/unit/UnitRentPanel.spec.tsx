import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStarted } from '../../../app/session-slice.js';
import { createAppStore } from '../../../app/store.js';
import { aLocation } from '../../../app/test-fixtures.js';
import { json, managerUser, on, stubBffRoutes, type BffRoute } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { UnitRentPanel } from './UnitRentPanel.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

const unitId = crypto.randomUUID();
const location = aLocation({ access_role: 'OWNER' });
const rentDetails = {
  unit_id: unitId,
  amount: 185_000,
  currency: 'usd',
  due_day: 1,
  late_fee: 7_500,
  grace_period_days: 5,
  start_date: '2026-01-01',
  end_date: null,
  time_zone: 'America/Chicago',
  updated_at: null,
};
const ledger = {
  unit_id: unitId,
  balance: 0,
  processing: 185_000,
  total_lines: 2,
  lines: [
    { entry_id: 'rent:1', date: '2026-12-01', kind: 'charge', description: 'December 2026 rent', amount: 185_000, balance: 185_000, status: null, method: null },
    { entry_id: 'stripe:pi_1', date: '2026-12-02', kind: 'payment', description: 'ACH payment', amount: -185_000, balance: 0, status: 'processing', method: 'ach' },
  ],
};
const breakdown = {
  unit_id: unitId,
  rent: 185_000,
  balance: 185_000,
  processing: 0,
  amount_due: 185_000,
  methods: [
    { method: 'us_bank_account', fee: 0, total: 185_000, recommended: true },
    { method: 'card', fee: 5_395, total: 190_395, recommended: false },
  ],
};

function renderPanel(role: 'OWNER' | 'VIEWER' = 'OWNER', routes: BffRoute[] = []) {
  bff = stubBffRoutes(
    ...routes,
    on('GET', 'property-location/all', () => json([{ ...location, access_role: role }])),
    on('GET', 'unit/:id/rent-details', () => json(rentDetails)),
    on('GET', 'unit/:id/rent-prices', () => json([{ id: 'p1', amount: 185_000, currency: 'usd', interval: 'month', active: true, effective_from: '2026-01-01', created_at: '2026-01-01T15:00:00.000Z' }])),
    on('GET', 'unit/:id/payment-breakdown', () => json(breakdown)),
    on('GET', 'unit/:id/ledger', () => json(ledger)),
    on('GET', 'unit/:id/rent-subscriptions', () => json([])),
  );
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
  return renderRoutes([{ path: '/property-manager/units/:id', element: <UnitRentPanel unitId={unitId} locationId={location.id} /> }], {
    path: `/property-manager/units/${unitId}`,
    store,
  });
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const requestsTo = (method: string, path: string) => bff.requests.filter((request) => request.method === method && request.path === `/api/${path}`);

describe('the unit rent view', () => {
  it('shows the rent, the breakdown with ACH at $0.00 recommended, the prices and the ledger oldest first with processing', async () => {
    renderPanel();
    expect((await screen.findAllByText('$1,850.00 / month')).length).toBe(2);
    expect(screen.getByText('America/Chicago')).toBeTruthy();
    expect(await screen.findByText('Recommended')).toBeTruthy();
    expect(screen.getByText('Recommended: the lowest fee')).toBeTruthy();
    const ach = screen.getByText('ACH (bank)', { selector: 'td *' }).closest('tr')!;
    expect([...ach.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['ACH (bank)RecommendedRecommended: the lowest fee', '$0.00', '$1,850.00']);
    expect(screen.getByText('$53.95')).toBeTruthy();
    expect(screen.getByText('$1,903.95')).toBeTruthy();
    expect(await screen.findByText('Processing', { selector: '.ant-tag' })).toBeTruthy();
    const descriptions = screen.getAllByText(/December 2026 rent|ACH payment/).map((cell) => cell.textContent);
    expect(descriptions).toEqual(['December 2026 rent', 'ACH payment']);
    expect(screen.getByText('-$1,850.00')).toBeTruthy();
  });

  it('hides every change from a role without payment:write', async () => {
    renderPanel('VIEWER');
    await screen.findByText('Recommended');
    await screen.findByText('December 2026 rent');
    expect(screen.queryByRole('button', { name: 'Edit rent details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate payment links' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record Payment' })).toBeNull();
  });

  it('checks the rent form in the contract’s words and sends typed dollars as exact cents', async () => {
    renderPanel('OWNER', [on('PUT', 'unit/:id/rent-details', async (request) => json({ ...rentDetails, ...((await request.json()) as object) }))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rent details' }));
    expect(field('Monthly rent ($)').value).toBe('1850.00');
    expect(field('Late fee ($)').value).toBe('75.00');

    type(field('Monthly rent ($)'), '');
    type(field('Due day'), '32');
    type(field('Grace period (days)'), '40');
    type(field('Late fee ($)'), '7.555');
    type(field('Start date'), '2026-06-01');
    type(field('End date'), '2026-05-31');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Enter the amount')).toBeTruthy();
    expect(await within(dialog()).findByText('Due day must be a day of the month, 1 to 31')).toBeTruthy();
    expect(within(dialog()).getByText('Grace period must be 0 to 31 days')).toBeTruthy();
    expect(within(dialog()).getByText('Enter an amount in dollars, like 1,850.00')).toBeTruthy();
    expect(within(dialog()).getByText('End date must be on or after the start date')).toBeTruthy();

    type(field('Monthly rent ($)'), '0');
    expect(await within(dialog()).findByText('Amount must be a positive number of cents')).toBeTruthy();
    expect(requestsTo('PUT', `unit/${unitId}/rent-details`)).toHaveLength(0);

    type(field('Monthly rent ($)'), '1,850.10');
    type(field('Due day'), '15');
    type(field('Grace period (days)'), '3');
    type(field('Late fee ($)'), '0.3');
    type(field('End date'), '2027-05-31');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rent details updated successfully')).toBeTruthy();
    expect(requestsTo('PUT', `unit/${unitId}/rent-details`)[0]!.body).toEqual({
      amount: 185_010,
      due_day: 15,
      late_fee: 30,
      grace_period_days: 3,
      start_date: '2026-06-01',
      end_date: '2027-05-31',
    });
    // The ledger, breakdown and prices are read again after the change.
    await waitFor(() => expect(requestsTo('GET', `unit/${unitId}/ledger`).length).toBeGreaterThan(1));
    await waitFor(() => expect(requestsTo('GET', `unit/${unitId}/payment-breakdown`).length).toBeGreaterThan(1));
    await waitFor(() => expect(requestsTo('GET', `unit/${unitId}/rent-prices`).length).toBeGreaterThan(1));
  });

  it('toasts "Failed to update rent details" with the server message under the form', async () => {
    renderPanel('OWNER', [on('PUT', 'unit/:id/rent-details', () => json({ statusCode: 400, message: 'Amount must be at most $1,000,000' }, 400))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rent details' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update rent details')).toBeTruthy();
    expect(await within(dialog()).findByText('Amount must be at most $1,000,000')).toBeTruthy();
  });

  it('generates payment links with an Idempotency-Key and shows each with a copy button', async () => {
    renderPanel('OWNER', [
      on('POST', 'unit/:id/generate-rent-link', () =>
        json(
          {
            unit_id: unitId,
            links: [
              { method: 'us_bank_account', url: 'https://checkout.stripe.com/c/pay/cs_test_a1', amount: 185_000, fee: 0, total: 185_000 },
              { method: 'card', url: 'https://checkout.stripe.com/c/pay/cs_test_b2', amount: 185_000, fee: 5_395, total: 190_395 },
            ],
          },
          201,
        ),
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate payment links' }));
    expect(await screen.findByText('Rent subscription link generated')).toBeTruthy();
    expect((screen.getByLabelText('ACH (bank) payment link') as HTMLInputElement).value).toBe('https://checkout.stripe.com/c/pay/cs_test_a1');
    expect((screen.getByLabelText('Card payment link') as HTMLInputElement).value).toBe('https://checkout.stripe.com/c/pay/cs_test_b2');
    expect(screen.getByRole('button', { name: 'Copy ACH (bank) payment link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Card payment link' })).toBeTruthy();
    expect(requestsTo('POST', `unit/${unitId}/generate-rent-link`)[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('warns to complete Stripe onboarding when the links answer 404 for want of a connected account', async () => {
    renderPanel('OWNER', [
      on('POST', 'unit/:id/generate-rent-link', () =>
        json({ statusCode: 404, message: 'No fully onboarded Stripe account: complete Stripe onboarding before generating rent links' }, 404),
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate payment links' }));
    expect((await screen.findAllByText('Please complete Stripe onboarding before generating rent links.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Rent Management' }).getAttribute('href')).toBe('/property-manager/account/payouts');
    expect(screen.queryByText('Rent subscription link generated')).toBeNull();
  });

  it('records a payment once per dialog with an Idempotency-Key, refusing a future day', async () => {
    renderPanel('OWNER', [on('POST', 'unit/:id/payment', () => json(ledger, 201))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Record Payment' }));
    type(field('Amount ($)'), '925.05');
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Payment method' }));
    fireEvent.click(await screen.findByTitle('Check'));
    type(field('Paid on'), '2999-01-01');
    type(field('Reference'), ' Check 1042 ');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Record Payment' }));
    expect(await within(dialog()).findByText('A payment cannot be recorded for a day that has not come yet')).toBeTruthy();
    expect(requestsTo('POST', `unit/${unitId}/payment`)).toHaveLength(0);

    type(field('Paid on'), '2026-12-03');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByText('Payment recorded')).toBeTruthy();
    const [post] = requestsTo('POST', `unit/${unitId}/payment`);
    expect(post!.body).toEqual({ amount: 92_505, method: 'check', paid_on: '2026-12-03', reference: 'Check 1042' });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(requestsTo('GET', `unit/${unitId}/ledger`).length).toBeGreaterThan(1));
  });

  it('asks the ledger for the chosen days', async () => {
    renderPanel();
    await screen.findByText('December 2026 rent');
    type(screen.getByLabelText('From'), '2026-12-01');
    type(screen.getByLabelText('To'), '2026-12-31');
    await waitFor(() => {
      const last = requestsTo('GET', `unit/${unitId}/ledger`).at(-1)!;
      expect([last.query.get('from'), last.query.get('to')]).toEqual(['2026-12-01', '2026-12-31']);
    });
  });
});

describe('Email payment links to tenants', () => {
  it('sends the unit’s links with an Idempotency-Key and toasts the answer', async () => {
    renderPanel('OWNER', [on('POST', 'payments/send-payment-link-email', () => json({ message: 'Payment links email sent successfully', sent: 2 }))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Email payment links to tenants' }));
    expect(await screen.findByText('Payment links email sent successfully')).toBeTruthy();
    const [post] = requestsTo('POST', 'payments/send-payment-link-email');
    expect(post!.body).toEqual({ unit_id: unitId });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('toasts "Failed to send payment links email." with the server’s reason', async () => {
    renderPanel('OWNER', [
      on('POST', 'payments/send-payment-link-email', () => json({ statusCode: 409, message: 'No current tenant of this unit has an e-mail address' }, 409)),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Email payment links to tenants' }));
    expect(await screen.findByText('Failed to send payment links email.')).toBeTruthy();
    expect(await screen.findByText('No current tenant of this unit has an e-mail address')).toBeTruthy();
  });
});

const subscription = {
  id: 'sub_1',
  subscriptionId: 'sub_1',
  stripe_subscription_id: 'sub_1',
  unit_id: unitId,
  amount: 185_000,
  currency: 'usd',
  interval: 'month',
  method: 'us_bank_account',
  status: 'active',
  date: '2027-01-01',
  period: '2027-01',
  current_period_start: '2026-12-07T17:40:00.000Z',
  current_period_end: '2027-01-01T06:00:00.000Z',
  cancel_at_period_end: false,
  canceled_at: null,
  created_at: '2026-12-07T17:40:00.000Z',
};

describe('recurring rent', () => {
  it('offers a recurring payment link while none runs, shown with its first payment', async () => {
    renderPanel('OWNER', [
      on('POST', 'unit/:id/regenerate-subscription-link', () =>
        json({ unit_id: unitId, method: 'us_bank_account', url: 'http://127.0.0.1:12130/checkout/cs_test_s1', amount: 185_000, first_payment_date: '2027-01-01' }, 201),
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate recurring payment link' }));
    expect(await screen.findByText('Rent subscription link generated')).toBeTruthy();
    expect(screen.getByText('ACH (bank): $1,850.00 / month, first payment Jan 1, 2027')).toBeTruthy();
    expect((screen.getByLabelText('Recurring payment link') as HTMLInputElement).value).toBe('http://127.0.0.1:12130/checkout/cs_test_s1');
    expect(requestsTo('POST', `unit/${unitId}/regenerate-subscription-link`)[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a running one per month and cancels it at the period end by default, with the reason', async () => {
    renderPanel('OWNER', [
      on('GET', 'unit/:id/rent-subscriptions', () => json([subscription])),
      on('POST', 'payments/subscription/cancel', () => json({ message: 'The recurring payment will be cancelled at the end of the current period', subscription: { ...subscription, cancel_at_period_end: true, date: null } })),
    ]);
    expect(await screen.findByText('ACH (bank) · Next payment Jan 1, 2027')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate recurring payment link' })).toBeNull();
    // A manager cancels; only the tenant changes the next payment date.
    expect(screen.queryByRole('button', { name: 'Change Next Payment Date' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Recurring Payment' }));
    type(field('Reason (optional)'), 'Moving out');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel Recurring Payment' }));
    expect(await screen.findByText('The recurring payment will be cancelled at the end of the current period')).toBeTruthy();
    expect(requestsTo('POST', 'payments/subscription/cancel')[0]!.body).toEqual({ subscriptionId: 'sub_1', cancelAtPeriodEnd: true, reason: 'Moving out' });
  });

  it('says "Failed to cancel rent subscription" and to try again, or the server’s words', async () => {
    renderPanel('OWNER', [on('GET', 'unit/:id/rent-subscriptions', () => json([subscription])), on('POST', 'payments/subscription/cancel', () => json({ statusCode: 502 }, 502))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Recurring Payment' }));
    fireEvent.click(within(dialog()).getByLabelText('Immediately'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel Recurring Payment' }));
    expect((await screen.findAllByText('Failed to cancel rent subscription Please try again.')).length).toBeGreaterThan(0);
    expect(requestsTo('POST', 'payments/subscription/cancel')[0]!.body).toEqual({ subscriptionId: 'sub_1', cancelAtPeriodEnd: false });
  });

  it('lets a viewer see it but not change it', async () => {
    renderPanel('VIEWER', [on('GET', 'unit/:id/rent-subscriptions', () => json([subscription]))]);
    expect(await screen.findByText('ACH (bank) · Next payment Jan 1, 2027')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Recurring Payment' })).toBeNull();
  });
});

describe('ledger corrections', () => {
  const settled = {
    ...ledger,
    lines: [
      ledger.lines[0]!,
      { entry_id: 'manual:check-1', date: '2026-12-02', kind: 'payment', description: 'Payment (check): Check 1042', amount: -185_000, balance: 0, status: 'completed', method: 'check', refundable: 185_000 },
    ],
  };

  it('refunds part of a settled payment from its line, no more than is left of it', async () => {
    renderPanel('OWNER', [
      on('GET', 'unit/:id/ledger', () => json(settled)),
      on('POST', 'unit/:id/refund', () => json({ refund: { status: 'recorded', message: 'Refund recorded' }, ledger: settled }, 201)),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    expect(field('Amount ($)').value).toBe('1850.00');
    type(field('Amount ($)'), '1850.01');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Refund Payment' }));
    expect(await within(dialog()).findByText('The refund is more than what is left of this payment')).toBeTruthy();
    type(field('Amount ($)'), '100');
    type(field('Reason (optional)'), 'Overpaid');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Refund Payment' }));
    expect(await screen.findByText('Refund recorded')).toBeTruthy();
    const [post] = requestsTo('POST', `unit/${unitId}/refund`);
    expect(post!.body).toEqual({ payment_id: 'manual:check-1', amount: 10_000, reason: 'Overpaid' });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers no refund on a payment still processing', async () => {
    renderPanel();
    await screen.findByText('December 2026 rent');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('adds a credit as a negative amount with its description', async () => {
    renderPanel('OWNER', [on('POST', 'unit/:id/adjustment', () => json(ledger, 201))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Adjustment' }));
    type(field('Amount ($)'), '50');
    type(field('Description'), 'Credit for the broken dishwasher');
    type(field('Date'), '2026-12-03');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Adjustment' }));
    expect(await screen.findByText('Adjustment added')).toBeTruthy();
    expect(requestsTo('POST', `unit/${unitId}/adjustment`)[0]!.body).toEqual({ amount: -5_000, description: 'Credit for the broken dishwasher', effective_on: '2026-12-03' });
  });
});
