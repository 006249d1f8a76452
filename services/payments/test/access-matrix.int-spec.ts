import { jest } from '@jest/globals';
import {
  GenerateRentLink,
  GetLocationRentRoll,
  GetMonthlyPayments,
  GetPaymentBreakdown,
  GetRentDetails,
  GetUnitLedger,
  ListRentPrices,
  RecordPayment,
  SendPaymentLinkEmail,
  UpdateRentDetails,
  type RequestInputOf,
  type RpcContract,
} from '@pm/contracts';
import { describeAccessMatrix, permissionFor, type MatrixEndpoint } from '@pm/access/testing';
import { PaymentsHarness, type PaymentsWorld, type RentPlace, type TestCaller } from './support/payments-harness.js';

jest.setTimeout(300_000);

/**
 * Payments' access matrix, as the other services': two accounts, each with one partner in each of the five roles on
 * its location (grants learnt from portfolio's events over JetStream, as in production). For every payments request
 * that names a unit or a location, each partner on their own account's gets exactly what ROLE_PERMISSIONS gives their
 * role (else 403), and on the other account's gets 404 whatever their role; owners get everything on theirs and 404 on
 * the other's. The permission each request needs is @pm/access/testing's table, read from the contracts.
 */
let harness: PaymentsHarness;

interface World extends PaymentsWorld {
  place: RentPlace;
}

type Endpoint = MatrixEndpoint<World, TestCaller>;

function request<C extends RpcContract>(contract: C, payload: (world: World) => RequestInputOf<C>): Endpoint {
  const name = contract.subject.replace('pm.rpc.payments.', '').replace(/\.v\d+$/, '');
  return { contract, name, permission: permissionFor(contract), call: (world, as) => harness.call(contract, payload(world), as) };
}

const endpoints: Endpoint[] = [
  request(GetRentDetails, (w) => ({ id: w.place.unitId })),
  request(UpdateRentDetails, (w) => ({ id: w.place.unitId, amount: 185_000, due_day: 1, start_date: '2026-01-01' })),
  request(ListRentPrices, (w) => ({ id: w.place.unitId })),
  request(GetPaymentBreakdown, (w) => ({ id: w.place.unitId })),
  request(GetUnitLedger, (w) => ({ id: w.place.unitId })),
  request(RecordPayment, (w) => ({ id: w.place.unitId, amount: 100, method: 'cash' as const, paid_on: '2026-02-01' })),
  request(GenerateRentLink, (w) => ({ id: w.place.unitId })),
  request(SendPaymentLinkEmail, (w) => ({ unit_id: w.place.unitId })),
  request(GetMonthlyPayments, (w) => ({ location_id: w.locationId })),
  request(GetLocationRentRoll, (w) => ({ id: w.locationId })),
];

async function buildWorld(): Promise<World> {
  const world = await harness.world();
  const place = await harness.place(world);
  await harness.connect(world.owner);
  await harness.call(UpdateRentDetails, { id: place.unitId, amount: 185_000, due_day: 1, start_date: '2026-01-01' }, world.owner);
  return { ...world, place };
}

let accounts: [World, World];

beforeAll(async () => {
  harness = await PaymentsHarness.start();
  accounts = [await buildWorld(), await buildWorld()];
});

afterAll(async () => {
  await harness?.close();
});

describeAccessMatrix({
  context: 'payments',
  endpoints,
  accounts: () => accounts,
  outcome: (call) => harness.outcome(call),
  stranger: () => harness.caller(),
});
