import { jest } from '@jest/globals';
import { CreatePropertyLocation, GetNavbarFlags, PlanChanged, type DataOf, type NavbarFlags, type PlanKey } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

jest.setTimeout(60_000);

/**
 * The plan decides the navbar flags: payments' `PlanChanged` (published here as payments publishes it) reaches
 * portfolio's copy of the account's plan, and GET property-manager/navbar-flags reads it. Workflows from Growth;
 * invoices and maintenance from Starter; Free neither; communication follows the location's channels on every plan
 * (Free has inbound e-mail). An account with no plan record keeps the flags of before.
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
function planChanged(accountId: string, plan: PlanKey, occurredAt = new Date((clock += 60_000)).toISOString()): DataOf<typeof PlanChanged> {
  return { accountId, plan, subscriptionId: plan === 'free' ? null : 'sub_01hv8x9z2k3m4n5p6q7r8s9t0v', status: plan === 'free' ? null : 'trialing', trialEndsAt: null, occurredAt };
}

async function flagsBecome(locationId: string, authorization: string, expected: Partial<NavbarFlags>): Promise<NavbarFlags> {
  let last: NavbarFlags | undefined;
  await waitFor(async () => {
    last = await harness.call(GetNavbarFlags, { locationId }, authorization);
    return Object.entries(expected).every(([key, value]) => last![key as keyof NavbarFlags] === value);
  }, { timeout: 10_000, description: `flags ${JSON.stringify(expected)}` }).catch(() => undefined);
  return last!;
}

describe('navbar flags by plan', () => {
  it('keeps the flags of before for an account with no plan record, then follows each plan it is on', async () => {
    const owner = await harness.registeredUser({ accountType: 'property_manager', campaign: null });
    const location = await harness.call(CreatePropertyLocation, rental, owner.authorization);
    expect(await harness.call(GetNavbarFlags, { locationId: location.id }, owner.authorization)).toEqual({
      showCommunicationMenuItems: false,
      showWorkflowsMenuItem: true,
      showPropertyInvoices: true,
      showMaintenanceRequestsMenuItem: true,
    });

    await harness.publisher.publish(PlanChanged, planChanged(owner.userId, 'free'));
    expect(await flagsBecome(location.id, owner.authorization, { showWorkflowsMenuItem: false })).toEqual({
      showCommunicationMenuItems: false,
      showWorkflowsMenuItem: false,
      showPropertyInvoices: false,
      showMaintenanceRequestsMenuItem: false,
    });

    await harness.publisher.publish(PlanChanged, planChanged(owner.userId, 'starter'));
    expect(await flagsBecome(location.id, owner.authorization, { showPropertyInvoices: true })).toEqual({
      showCommunicationMenuItems: false,
      showWorkflowsMenuItem: false,
      showPropertyInvoices: true,
      showMaintenanceRequestsMenuItem: true,
    });

    await harness.publisher.publish(PlanChanged, planChanged(owner.userId, 'growth'));
    expect(await flagsBecome(location.id, owner.authorization, { showWorkflowsMenuItem: true })).toEqual({
      showCommunicationMenuItems: false,
      showWorkflowsMenuItem: true,
      showPropertyInvoices: true,
      showMaintenanceRequestsMenuItem: true,
    });
  });

  it('ignores an older plan event delivered after a newer one', async () => {
    const owner = await harness.registeredUser({ accountType: 'property_manager', campaign: null });
    const location = await harness.call(CreatePropertyLocation, rental, owner.authorization);
    const older = planChanged(owner.userId, 'free');
    const newer = planChanged(owner.userId, 'professional');
    await harness.publisher.publish(PlanChanged, newer);
    await waitFor(async () => (await harness.db.query(`select 1 from "${harness.schema}"."account_plan" where account_id = $1 and plan = 'professional'`, [owner.userId])).rowCount, { timeout: 10_000, description: 'the newer plan' });
    await harness.publisher.publish(PlanChanged, older);
    // A marker event after the older one: once it is in, the older one has been handled too (one consumer, in order).
    const other = await harness.registeredUser({ accountType: 'property_manager', campaign: null });
    await harness.publisher.publish(PlanChanged, planChanged(other.userId, 'basic'));
    await waitFor(async () => (await harness.db.query(`select 1 from "${harness.schema}"."account_plan" where account_id = $1`, [other.userId])).rowCount, { timeout: 10_000, description: 'the marker' });
    const { rows } = await harness.db.query<{ plan: string }>(`select plan from "${harness.schema}"."account_plan" where account_id = $1`, [owner.userId]);
    expect(rows).toEqual([{ plan: 'professional' }]);
    expect(await harness.call(GetNavbarFlags, { locationId: location.id }, owner.authorization)).toMatchObject({ showWorkflowsMenuItem: true, showPropertyInvoices: true });
  });

  it("shows a partner the menus of the location's account's plan, not their own", async () => {
    const owner = await harness.registeredUser({ accountType: 'property_manager', campaign: null });
    const location = await harness.call(CreatePropertyLocation, rental, owner.authorization);
    const partner = await harness.registeredUser({ accountType: 'property_manager', campaign: null });
    await harness.share(owner, partner, 'MANAGER', location.id);
    await harness.publisher.publish(PlanChanged, planChanged(partner.userId, 'growth'));
    await harness.publisher.publish(PlanChanged, planChanged(owner.userId, 'free'));
    expect(await flagsBecome(location.id, owner.authorization, { showPropertyInvoices: false })).toMatchObject({ showPropertyInvoices: false });
    expect(await harness.call(GetNavbarFlags, { locationId: location.id }, partner.authorization)).toMatchObject({ showWorkflowsMenuItem: false, showPropertyInvoices: false, showMaintenanceRequestsMenuItem: false });
  });
});
