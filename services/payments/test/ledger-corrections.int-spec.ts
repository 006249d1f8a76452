import { jest } from '@jest/globals';
import { GenerateRentLink, GetUnitLedger, RecordAdjustment, RecordPayment, RefundPayment, UpdateRentDetails, ledgerCorrectionMessages, paymentMessages } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { addDays, localDate, periodOf } from '../src/ledger/plain-date.js';
import { PaymentsHarness, type PaymentsWorld, type RentPlace } from './support/payments-harness.js';

jest.setTimeout(180_000);

/*
 * A manager's corrections to a unit's ledger through the payments service's calls: refunds of payments received by hand
 * (recorded at once) and through Stripe (asked of the sandbox, recorded when its webhook arrives), and adjustments;
 * each a new entry, never a change to one.
 */
let harness: PaymentsHarness;
let world: PaymentsWorld;
let place: RentPlace;
const TIME_ZONE = 'America/Chicago';
const today = () => localDate(new Date(), TIME_ZONE);
const CARD = { method: 'card', card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', name: 'Lee Park', email: 'lee.park@example.com' };
const BANK = { method: 'us_bank_account', routing_number: '110000000', account_number: '000123456789', name: 'Lee Park', email: 'lee.park@example.com' };

beforeAll(async () => {
  harness = await PaymentsHarness.start();
  world = await harness.world();
  place = await harness.place(world, { unit: 'C1', tenant: 'Lee Park', email: 'lee.park@example.com' });
  await harness.call(UpdateRentDetails, { id: place.unitId, amount: 100_000, due_day: 1, start_date: `${periodOf(today())}-01` }, world.owner);
});

afterAll(async () => {
  await harness?.close();
});

async function pay(url: string, fields: Record<string, string>): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  if (!response.headers.get('location')) throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
}

const paymentLine = async (match: (line: { kind: string; method: string | null; status: string | null }) => boolean) =>
  waitFor(async () => (await harness.call(GetUnitLedger, { id: place.unitId }, world.owner)).lines.find((line) => line.kind === 'payment' && match(line)), { timeout: 30_000, description: 'payment line' });

describe('refunds', () => {
  it('records a refund of a check at once, up to what is left of it', async () => {
    const ledger = await harness.call(RecordPayment, { id: place.unitId, amount: 100_000, method: 'check', paid_on: today(), reference: 'Check 77' }, world.owner);
    const check = ledger.lines.find((line) => line.kind === 'payment' && line.method === 'check')!;
    const answer = await harness.call(RefundPayment, { id: place.unitId, payment_id: check.entry_id, amount: 30_000, reason: 'Overpaid' }, world.owner);
    expect(answer.refund).toEqual({ status: 'recorded', message: ledgerCorrectionMessages.refundRecorded });
    expect(answer.ledger.lines.find((line) => line.entry_id === check.entry_id)).toMatchObject({ status: 'partially_refunded' });
    expect(answer.ledger.lines.at(-1)).toMatchObject({ kind: 'refund', amount: 30_000 });
    expect(answer.ledger.balance).toBe(30_000);
    expect(await harness.failure(harness.call(RefundPayment, { id: place.unitId, payment_id: check.entry_id, amount: 70_001 }, world.owner))).toEqual({ status: 409, message: ledgerCorrectionMessages.refundTooHigh });
    expect(await harness.failure(harness.call(RefundPayment, { id: place.unitId, payment_id: 'manual:unknown', amount: 1 }, world.owner))).toEqual({ status: 404, message: ledgerCorrectionMessages.paymentNotFound });
    expect(await harness.failure(harness.call(RefundPayment, { id: place.unitId, payment_id: check.entry_id, amount: 1 }, world.partners.VIEWER))).toEqual({ status: 403, message: expect.any(String) });
  });

  it('asks Stripe to refund a card payment, reversing the transfer, and records it when the webhook comes', async () => {
    await harness.connect(world.owner);
    const { links } = await harness.call(GenerateRentLink, { id: place.unitId }, world.owner);
    await pay(links.find((link) => link.method === 'card')!.url, CARD);
    const card = await paymentLine((line) => line.method === 'card' && line.status === 'completed');
    const answer = await harness.call(RefundPayment, { id: place.unitId, payment_id: card!.entry_id, amount: 10_000 }, world.owner);
    expect(answer.refund).toEqual({ status: 'requested', message: ledgerCorrectionMessages.refundRequested });
    const refunded = await waitFor(async () => {
      const ledger = await harness.call(GetUnitLedger, { id: place.unitId }, world.owner);
      return ledger.lines.find((line) => line.entry_id === card!.entry_id)?.status === 'partially_refunded' ? ledger : undefined;
    }, { timeout: 30_000, description: 'refund recorded from its webhook' });
    expect(refunded.lines.filter((line) => line.kind === 'refund').map((line) => line.amount).sort()).toEqual([10_000, 30_000]);
  });

  it('refuses to refund an ACH payment still processing', async () => {
    const { links } = await harness.call(GenerateRentLink, { id: place.unitId }, world.owner);
    await pay(links.find((link) => link.method === 'us_bank_account')!.url, BANK);
    const ach = await paymentLine((line) => line.method === 'ach' && line.status === 'processing');
    expect(await harness.failure(harness.call(RefundPayment, { id: place.unitId, payment_id: ach!.entry_id, amount: 1 }, world.owner))).toEqual({ status: 409, message: ledgerCorrectionMessages.stillProcessing });
  });
});

describe('adjustments', () => {
  it('adds a credit and a charge with their reasons, dated up to today', async () => {
    const before = (await harness.call(GetUnitLedger, { id: place.unitId }, world.owner)).balance;
    const credited = await harness.call(RecordAdjustment, { id: place.unitId, amount: -5_000, description: 'Credit for the broken dishwasher', effective_on: today() }, world.owner);
    expect(credited.balance).toBe(before - 5_000);
    expect(credited.lines.find((line) => line.kind === 'adjustment')).toMatchObject({ amount: -5_000, description: 'Credit for the broken dishwasher' });
    const charged = await harness.call(RecordAdjustment, { id: place.unitId, amount: 2_500, description: 'Key replacement', effective_on: today() }, world.owner);
    expect(charged.balance).toBe(before - 2_500);
    expect(await harness.failure(harness.call(RecordAdjustment, { id: place.unitId, amount: 100, description: 'Tomorrow', effective_on: addDays(today(), 1) }, world.owner))).toEqual({ status: 400, message: ledgerCorrectionMessages.adjustmentInFuture });
    expect(await harness.failure(harness.call(RecordAdjustment, { id: place.unitId, amount: 0, description: 'Nothing', effective_on: today() }, world.owner))).toEqual({ status: 400, message: expect.stringContaining(ledgerCorrectionMessages.adjustmentZero) });
    expect(await harness.failure(harness.call(RecordAdjustment, { id: place.unitId, amount: 100, description: '   ', effective_on: today() }, world.owner))).toEqual({ status: 400, message: expect.stringContaining(ledgerCorrectionMessages.descriptionRequired) });
    expect(await harness.failure(harness.call(RecordAdjustment, { id: place.unitId, amount: 100_000_001, description: 'Too much', effective_on: today() }, world.owner))).toEqual({ status: 400, message: expect.stringContaining(paymentMessages.amountTooHigh) });
  });
});
