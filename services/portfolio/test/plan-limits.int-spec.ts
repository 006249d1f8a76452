import { jest } from '@jest/globals';
import { AddPartner, CreateBuilding, CreatePropertyLocation, CreateUnit, PlanChanged, type DataOf, type PlanKey } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { failure, startPortfolio, type PortfolioHarness, type TestUser } from './support/portfolio-harness.js';

jest.setTimeout(60_000);

/**
 * The plan's limits portfolio holds (spec 000 §9: units, users): past one, the call is refused with 409, code
 * `plan_limit`, a message naming the limit and the plan, and the upgrade page; an account without a plan record has
 * none, as before plans were sold.
 */
let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});

afterAll(async () => {
  await harness?.close();
});

const rental = { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT' as const, declared_units_count: 6, is_rental_property: true, metadata: { usage: 'rental' } };
let clock = Date.parse('2026-12-01T12:00:00.000Z');

async function onPlan(owner: TestUser, plan: PlanKey): Promise<void> {
  const data: DataOf<typeof PlanChanged> = { accountId: owner.userId, plan, subscriptionId: plan === 'free' ? null : 'sub_01hv8x9z2k3m4n5p6q7r8s9t0v', status: plan === 'free' ? null : 'active', trialEndsAt: null, occurredAt: new Date((clock += 60_000)).toISOString() };
  await harness.publisher.publish(PlanChanged, data);
  await waitFor(async () => (await harness.db.query(`select 1 from "${harness.schema}"."account_plan" where account_id = $1 and plan = $2`, [owner.userId, plan])).rowCount, { timeout: 10_000, description: `${plan} recorded` });
}

async function buildingOf(owner: TestUser): Promise<{ locationId: string; buildingId: string }> {
  const location = await harness.call(CreatePropertyLocation, rental, owner.authorization);
  const building = await harness.call(CreateBuilding, { name: 'Building A', property_location_id: location.id, address_text: rental.address_text }, owner.authorization);
  return { locationId: location.id, buildingId: building.id };
}

const invite = (owner: TestUser, locationId: string, email: string) =>
  harness.call(AddPartner, { fullName: 'Jordan Lee', email, phone: '5551234567', role: 'MANAGER', locationId }, owner.authorization);

describe("the plan's units", () => {
  it('refuses the unit past the plan’s units with a clear message and the upgrade page, even when asked at once', async () => {
    const owner = await harness.registeredUser({ accountType: 'property_manager', campaign: null });
    const { buildingId } = await buildingOf(owner);
    await onPlan(owner, 'starter');
    for (const name of ['1A', '1B', '1C', '1D']) await harness.call(CreateUnit, { name, building_id: buildingId }, owner.authorization);
    // Three at once for the one unit left: one is made, two are refused.
    const outcomes = await Promise.allSettled(['2A', '2B', '2C'].map((name) => harness.call(CreateUnit, { name, building_id: buildingId }, owner.authorization)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = await failure(harness.call(CreateUnit, { name: '3A', building_id: buildingId }, owner.authorization));
    expect(refused.body).toMatchObject({ status: 409, code: 'plan_limit', message: 'Your Starter plan includes up to 5 units. Upgrade your plan to add more units.', details: { upgradeUrl: '/property-manager/subscription' } });
    const { rows } = await harness.db.query(`select count(*)::int as n from "${harness.schema}"."unit" where account_id = $1`, [owner.userId]);
    expect(rows[0].n).toBe(5);

    // An upgrade makes room.
    await onPlan(owner, 'basic');
    await harness.call(CreateUnit, { name: '3A', building_id: buildingId }, owner.authorization);
  });

  it('leaves an account without a plan record, and Enterprise, without a units limit', async () => {
    const owner = await harness.registeredUser({ accountType: 'property_manager', campaign: null });
    const { buildingId } = await buildingOf(owner);
    for (let i = 1; i <= 6; i++) await harness.call(CreateUnit, { name: `U${i}`, building_id: buildingId }, owner.authorization);
    await onPlan(owner, 'enterprise');
    await harness.call(CreateUnit, { name: 'U7', building_id: buildingId }, owner.authorization);
  });
});

describe("the plan's users", () => {
  it('counts the owner, the partners and the pending invitations; the same person again takes no new seat', async () => {
    const owner = await harness.registeredUser({ accountType: 'property_manager', campaign: null });
    const { locationId } = await buildingOf(owner);
    await onPlan(owner, 'free');
    const onFree = await failure(invite(owner, locationId, 'jordan.lee@example.com'));
    expect(onFree.body).toMatchObject({ status: 409, code: 'plan_limit', message: 'Your Free plan includes 1 user. Upgrade your plan to invite more people.' });

    await onPlan(owner, 'starter');
    await invite(owner, locationId, 'jordan.lee@example.com');
    await invite(owner, locationId, 'jordan.lee@example.com');
    const third = await failure(invite(owner, locationId, 'sam.ortiz@example.com'));
    expect(third.body).toMatchObject({ status: 409, code: 'plan_limit', message: 'Your Starter plan includes 2 users. Upgrade your plan to invite more people.', details: { upgradeUrl: '/property-manager/subscription' } });
  });
});
