import { jest } from '@jest/globals';
import { ConnectAccountActivated, CreatePropertyLocation, GetOnboardingProgress, RentDetailsSet } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

jest.setTimeout(60_000);

/**
 * The onboarding checklist's payment steps from payments' events over JetStream (real portfolio, PostgreSQL, NATS):
 * `hasRentSetup` once rent is set on a unit of one of the owner's locations, `hasStripeConnected` once the owner's
 * Stripe account can take charges and pay out.
 */
let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});
afterAll(async () => harness?.close());

const elm = { name: '12 Elm Street', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT' as const, declared_units_count: 6, is_rental_property: true };

it('marks rent set up for the owner of the unit\'s location, and payouts connected for the account activated', async () => {
  const owner = await harness.registeredUser({ accountType: 'property_manager' });
  const location = await harness.call(CreatePropertyLocation, elm, owner.authorization);
  const progress = () => harness.call(GetOnboardingProgress, { id: owner.userId }, owner.authorization);
  expect(await progress()).toMatchObject({ hasRentSetup: false, hasStripeConnected: false });

  // Rent on a location portfolio does not know moves nothing; on the owner's location, the step is done.
  await harness.publisher.publish(RentDetailsSet, { unitId: uuidv7(), locationId: uuidv7(), accountId: owner.userId, amountCents: 150_000, dueDay: 1, setBy: owner.userId });
  await harness.publisher.publish(RentDetailsSet, { unitId: uuidv7(), locationId: location.id, accountId: owner.userId, amountCents: 150_000, dueDay: 1, setBy: owner.userId });
  await waitFor(async () => (await progress()).hasRentSetup, { timeout: 20_000, description: 'the rent step' });
  expect((await progress()).hasStripeConnected).toBe(false);

  await harness.publisher.publish(ConnectAccountActivated, { accountId: owner.userId, stripeAccountId: 'acct_1TestActivated' });
  await waitFor(async () => (await progress()).hasStripeConnected, { timeout: 20_000, description: 'the payouts step' });
});
