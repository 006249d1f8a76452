import { jest } from '@jest/globals';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { RentNoticeRequested } from '@pm/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { acked, cardPayments, FaultStack, paymentIdOf, type DeliveryOutcome, type FaultUnit, type StripeTestEvent } from './support/fault-stack.js';

jest.setTimeout(60_000);

/*
 * Stripe's webhooks while things break, on a PostgreSQL cluster and a NATS server of this file's own (the run's
 * shared ones must keep running for every other file), with the payments service as its own process: killed by
 * SIGKILL, its database stopped at once, its NATS frozen, each in the middle of a burst of deliveries. Stripe delivers
 * again every event that got no 2xx; afterwards every acknowledged event is in the ledger, every event is there once,
 * and each receipt the payments asked for reaches NATS once.
 */
let stack: FaultStack;

beforeAll(async () => {
  stack = await FaultStack.start();
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const BURST = 120;
const CONCURRENCY = 16;

/** What must hold once Stripe has delivered everything again: each payment once, its receipt asked once. */
async function expectEachPaymentOnce(unit: FaultUnit, events: readonly StripeTestEvent[], outcomes: Map<string, DeliveryOutcome>): Promise<void> {
  const { unacknowledged } = await stack.redeliverUnacknowledged(events, outcomes);
  expect(unacknowledged).toEqual([]);
  const ledger = await stack.ledgerOf(unit.unitId);
  expect([...ledger.keys()].sort()).toEqual(events.map(paymentIdOf).sort());
  expect([...ledger.values()].every((count) => count === 1)).toBe(true);
  const recorded = await stack.rows<{ event_id: string }>(`select event_id from ${stack.table('provider_event')} where unit_id = $1`, [unit.unitId]);
  expect(recorded.map((row) => row.event_id).sort()).toEqual(events.map((event) => event.id).sort());
  const receipts = await stack.receiptsOf(unit.unitId);
  expect(receipts.map((receipt) => receipt.noticeId).sort()).toEqual(events.map((event) => `receipt:${paymentIdOf(event)}:${unit.tenantId}`).sort());
}

/** Every event Stripe saw acknowledged is in the ledger already (before any redelivery). */
async function expectAcknowledgedKept(unit: FaultUnit, events: readonly StripeTestEvent[], outcomes: Map<string, DeliveryOutcome>): Promise<number> {
  const ledger = await stack.ledgerOf(unit.unitId);
  const acknowledged = events.filter((event) => acked(outcomes.get(event.id) ?? 0));
  expect(acknowledged.filter((event) => !ledger.has(paymentIdOf(event))).map((event) => event.id)).toEqual([]);
  return acknowledged.length;
}

it('keeps every payment once when the service is killed (SIGKILL) between receiving webhooks and writing the ledger', async () => {
  const unit = await stack.unit('K1');
  const events = cardPayments(unit.unitId, BURST);
  let inFlightAtKill: string[] = [];
  let killed: Promise<void> | undefined;
  const outcomes = await stack.burst(events, {
    concurrency: CONCURRENCY,
    // Once a third is acknowledged, with the rest of the workers' deliveries taken by the process and not yet answered.
    during: (acknowledged, inFlight) => {
      if (killed || acknowledged < BURST / 3) return;
      inFlightAtKill = [...inFlight];
      killed = stack.service.crash();
    },
  });
  await killed;
  expect(inFlightAtKill.length).toBeGreaterThan(0);
  try {
    await expectAcknowledgedKept(unit, events, outcomes);
  } catch (error) {
    await stack.service.restart();
    throw error;
  }
  // The kill landed in the window: deliveries under way when it came, some not written (lost with the process, so
  // Stripe must deliver them again), perhaps some written and never acknowledged (a redelivery then changes nothing).
  const beforeRestart = await stack.ledgerOf(unit.unitId);
  const lostInFlight = inFlightAtKill.filter((id) => !beforeRestart.has(paymentIdOf(events.find((event) => event.id === id)!)));
  try {
    expect(lostInFlight.length).toBeGreaterThan(0);
  } finally {
    await stack.service.restart();
  }
  await expectEachPaymentOnce(unit, events, outcomes);
});

it('keeps every acknowledged webhook, and the rest once redelivered, when PostgreSQL stops at once (pg_ctl stop -m immediate) mid-burst', async () => {
  const unit = await stack.unit('P1');
  const events = cardPayments(unit.unitId, BURST);
  let crash: Promise<void> | undefined;
  let inFlightAtCrash = 0;
  const outcomes = await stack.burst(events, {
    concurrency: CONCURRENCY,
    during: (acknowledged, inFlight) => {
      if (crash || acknowledged < BURST / 3) return;
      inFlightAtCrash = inFlight.size;
      // Down for a second while the burst goes on, then up again: the service must reconnect by itself.
      crash = (async () => {
        await stack.postgres.stopImmediately();
        await sleep(1_000);
        await stack.postgres.restart();
      })();
    },
  });
  await crash;
  expect(inFlightAtCrash).toBeGreaterThan(0);
  // Some deliveries failed while the database was down: Stripe got no 2xx for them.
  expect(events.some((event) => !acked(outcomes.get(event.id) ?? 0))).toBe(true);
  const acknowledged = await expectAcknowledgedKept(unit, events, outcomes);
  expect(acknowledged).toBeGreaterThanOrEqual(BURST / 3);
  await expectEachPaymentOnce(unit, events, outcomes);
});

it('keeps every acknowledged webhook and relays every receipt to NATS once when NATS is frozen (SIGSTOP) mid-burst', async () => {
  const unit = await stack.unit('N1');
  const events = cardPayments(unit.unitId, BURST);
  let frozen: Promise<void> | undefined;
  const outcomes = await stack.burst(events, {
    concurrency: CONCURRENCY,
    during: (acknowledged) => {
      if (frozen || acknowledged < BURST / 3) return;
      stack.nats.freeze();
      // Frozen past the relay's publish timeout, so publishes in flight fail and are retried.
      frozen = sleep(6_000).then(() => stack.nats.thaw());
    },
  });
  await frozen;
  await expectAcknowledgedKept(unit, events, outcomes);
  await expectEachPaymentOnce(unit, events, outcomes);

  // Each receipt asked in the outbox reaches the stream, once (JetStream drops a relay's retry by its Nats-Msg-Id),
  // though the freeze came while the relay was publishing some of them (those publishes timed out and were retried).
  await waitForPublished(unit);
  const receipts = await stack.receiptsOf(unit.unitId);
  expect(receipts.some((receipt) => receipt.failedPublishes > 0)).toBe(true);
  const jsm = await jetstreamManager(stack.natsConnection);
  const stream = await jsm.streams.find(RentNoticeRequested.subject);
  const inStream = new Map<string, number>();
  const consumer = await jetstream(stack.natsConnection).consumers.get(stream, { filter_subjects: [RentNoticeRequested.subject] });
  const messages = await consumer.fetch({ max_messages: 10_000, expires: 2_000 });
  for await (const message of messages) {
    const envelope = message.json<{ id: string; data: { noticeId: string } }>();
    if (envelope.data.noticeId.endsWith(unit.tenantId)) inStream.set(envelope.id, (inStream.get(envelope.id) ?? 0) + 1);
    if (message.info.pending === 0) break;
  }
  expect([...inStream.keys()].sort()).toEqual(receipts.map((receipt) => receipt.id).sort());
  expect([...inStream.values()].every((count) => count === 1)).toBe(true);
});

async function waitForPublished(unit: FaultUnit): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const receipts = await stack.receiptsOf(unit.unitId);
    if (receipts.every((receipt) => receipt.published)) return;
    if (Date.now() > deadline) throw new Error(`${receipts.filter((receipt) => !receipt.published).length} receipts never relayed to NATS`);
    await sleep(200);
  }
}
