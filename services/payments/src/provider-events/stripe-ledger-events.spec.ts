import type Stripe from 'stripe';
import { LEDGER_METADATA, ledgerChangeOf, needsInvoiceOf } from './stripe-ledger-events.js';

const ours = { [LEDGER_METADATA.unitId]: 'unit-1', [LEDGER_METADATA.timeZone]: 'America/Los_Angeles' };

function event(type: string, object: Record<string, unknown>, created = Date.UTC(2026, 11, 1, 6, 30) / 1000): Stripe.Event {
  return { id: `evt_${type}`, object: 'event', type, created, data: { object } } as unknown as Stripe.Event;
}

const session = (fields: Record<string, unknown>) => ({ id: 'cs_test_1', object: 'checkout.session', mode: 'payment', payment_intent: 'pi_1', amount_total: 150_000, payment_status: 'paid', metadata: ours, ...fields });

describe("a Stripe event read as the ledger's entries", () => {
  it("dates a payment in the location's time zone (06:30 UTC on December 1 is still November 30 in California)", () => {
    expect(ledgerChangeOf(event('checkout.session.completed', session({})))).toEqual({
      unitId: 'unit-1',
      entries: [{ type: 'payment', id: 'stripe:pi_1', postedAt: '2026-12-01T06:30:00.000Z', amountCents: 150_000, method: 'card', paidOn: '2026-11-30', clearing: false, checkoutSessionId: 'cs_test_1' }],
    });
  });

  it('counts what a card checkout took less its card fee as rent paid', () => {
    const withFee = session({ amount_total: 154_380, metadata: { ...ours, pm_fee_cents: '4380' } });
    expect(ledgerChangeOf(event('checkout.session.completed', withFee))?.entries[0]).toMatchObject({ amountCents: 150_000 });
    // A fee that is not below the total, or is not a whole number, is not ours: all of it counts.
    expect(ledgerChangeOf(event('checkout.session.completed', session({ metadata: { ...ours, pm_fee_cents: '150000' } })))?.entries[0]).toMatchObject({ amountCents: 150_000 });
    expect(ledgerChangeOf(event('checkout.session.completed', session({ metadata: { ...ours, pm_fee_cents: '1e3' } })))?.entries[0]).toMatchObject({ amountCents: 150_000 });
  });

  it('reads an unpaid completed checkout as a clearing ACH payment, and its settlement and failure by the same payment', () => {
    expect(ledgerChangeOf(event('checkout.session.completed', session({ payment_status: 'unpaid' })))?.entries[0]).toMatchObject({ method: 'ach', clearing: true });
    expect(ledgerChangeOf(event('checkout.session.async_payment_succeeded', session({})))?.entries[0]).toMatchObject({ type: 'payment_settled', id: 'stripe:pi_1:settled', paymentId: 'stripe:pi_1' });
    const failed = ledgerChangeOf(event('checkout.session.async_payment_failed', session({})))?.entries[0];
    const returned = ledgerChangeOf(
      event('payment_intent.payment_failed', { object: 'payment_intent', id: 'pi_1', metadata: ours, last_payment_error: { code: 'insufficient_funds', message: 'R01', payment_method: { type: 'us_bank_account' } } }),
    )?.entries[0];
    // Two events, one fact: the same entry id, which the ledger keeps once.
    expect(failed?.id).toBe('stripe:pi_1:returned');
    expect(returned?.id).toBe('stripe:pi_1:returned');
  });

  it("reads a recurring payment's paid invoice as the month's settled ACH payment, one per invoice, dated when it was paid", () => {
    const invoice = (fields: Record<string, unknown>) => ({
      id: 'in_1',
      object: 'invoice',
      amount_paid: 150_000,
      status_transitions: { paid_at: Date.UTC(2027, 0, 3, 7, 0) / 1000 },
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: ours } },
      ...fields,
    });
    expect(ledgerChangeOf(event('invoice.paid', invoice({})))).toEqual({
      unitId: 'unit-1',
      entries: [
        { type: 'payment', id: 'stripe:in_1', postedAt: '2026-12-01T06:30:00.000Z', amountCents: 150_000, method: 'ach', paidOn: '2027-01-02', clearing: false, subscriptionId: 'sub_1' },
        { type: 'payment_settled', id: 'stripe:in_1:settled', postedAt: '2026-12-01T06:30:00.000Z', paymentId: 'stripe:in_1', settledOn: '2027-01-02' },
      ],
    });
    // Nothing paid (the sign-up's empty invoice), or a subscription that is not rent of ours: nothing moves.
    expect(ledgerChangeOf(event('invoice.paid', invoice({ amount_paid: 0 })))).toBeNull();
    expect(ledgerChangeOf(event('invoice.paid', invoice({ parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } } })))).toBeNull();
    expect(ledgerChangeOf(event('invoice.paid', invoice({ parent: null })))).toBeNull();
  });

  it("reads a recurring month's bank debit, tied by its invoice, as clearing, and its failure as that payment returned", () => {
    const paysInvoice = { invoiceId: 'in_1', subscriptionId: 'sub_1', metadata: ours };
    const intent = { object: 'payment_intent', id: 'pi_sub', amount: 150_000, metadata: {}, payment_method_types: ['us_bank_account'] };
    const processing = event('payment_intent.processing', intent);
    expect(needsInvoiceOf(processing)).toBe('pi_sub');
    expect(ledgerChangeOf(processing, paysInvoice)?.entries).toEqual([
      { type: 'payment', id: 'stripe:in_1', postedAt: '2026-12-01T06:30:00.000Z', amountCents: 150_000, method: 'ach', paidOn: '2026-11-30', clearing: true, subscriptionId: 'sub_1' },
    ]);
    // Without its invoice, or for an invoice that is not rent of ours, nothing moves.
    expect(ledgerChangeOf(processing)).toBeNull();
    expect(ledgerChangeOf(processing, { ...paysInvoice, metadata: {} })).toBeNull();
    const failed = event('payment_intent.payment_failed', { ...intent, last_payment_error: { code: 'insufficient_funds', message: 'R01', payment_method: { type: 'us_bank_account' } } });
    expect(needsInvoiceOf(failed)).toBe('pi_sub');
    expect(ledgerChangeOf(failed, paysInvoice)?.entries[0]).toMatchObject({ type: 'payment_returned', id: 'stripe:in_1:returned', paymentId: 'stripe:in_1' });
    // A checkout's payment names its unit itself: no invoice is looked for.
    expect(needsInvoiceOf(event('payment_intent.processing', { ...intent, metadata: ours }))).toBeNull();
    expect(needsInvoiceOf(event('payment_intent.processing', { ...intent, payment_method_types: ['card'] }))).toBeNull();
  });

  it('moves nothing for what is not ours, a card declined at checkout, or what the ledger does not track', () => {
    expect(ledgerChangeOf(event('checkout.session.completed', session({ metadata: {} })))).toBeNull();
    expect(ledgerChangeOf(event('checkout.session.completed', session({ metadata: { ...ours, [LEDGER_METADATA.timeZone]: 'Mars/Olympus' } })))).toBeNull();
    expect(ledgerChangeOf(event('checkout.session.completed', session({ mode: 'subscription' })))).toBeNull();
    expect(
      ledgerChangeOf(event('payment_intent.payment_failed', { object: 'payment_intent', id: 'pi_2', metadata: ours, last_payment_error: { code: 'card_declined', payment_method: { type: 'card' } } })),
    ).toBeNull();
    expect(ledgerChangeOf(event('customer.created', { object: 'customer', metadata: ours }))).toBeNull();
  });
});
