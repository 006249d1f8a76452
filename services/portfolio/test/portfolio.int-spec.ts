import { randomUUID } from 'node:crypto';
import {
  BuildingCreated,
  UnitCreated,
  AccountTypeChanged,
  AnonymousUserLinked,
  CreatePropertyLocation,
  GetNavbarFlags,
  GetOnboardingProgress,
  GetPropertyLocation,
  ListPropertyLocations,
  PropertyLocationCreated,
  PropertyLocationOwnerChanged,
  UpdatePropertyLocation,
} from '@pm/contracts';
import { foreignSigningKey, waitFor } from '@pm/testing';
import { failure, startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

import { jest } from '@jest/globals';

jest.setTimeout(30_000);

let harness: PortfolioHarness;
const registeredUser: PortfolioHarness['registeredUser'] = (options) => harness.registeredUser(options);
const call: PortfolioHarness['call'] = (contract, payload, authorization) => harness.call(contract, payload, authorization);
const token: PortfolioHarness['token'] = (userId, claims, options) => harness.token(userId, claims, options);
const storedCount = (subject: string) => harness.storedCount(subject);

const elm = { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT' as const, declared_units_count: 6, is_rental_property: true, metadata: { usage: 'rental' } };

beforeAll(async () => {
  harness = await startPortfolio();
});

afterAll(async () => {
  await harness?.close();
});

describe('property locations', () => {
  it('creates, lists, gets and updates the caller\'s location', async () => {
    const alex = await registeredUser();
    const created = await call(CreatePropertyLocation, { ...elm, name: '' }, alex.authorization);
    expect(created).toMatchObject({
      name: '12 Elm Street',
      address_text: elm.address_text,
      type: 'MULTI_UNIT',
      declared_units_count: 6,
      is_rental_property: true,
      email: null,
      phone: null,
      metadata: { usage: 'rental' },
    });
    expect(await call(ListPropertyLocations, {}, alex.authorization)).toEqual([created]);
    expect(await call(GetPropertyLocation, { id: created.id }, alex.authorization)).toEqual(created);

    const updated = await call(
      UpdatePropertyLocation,
      { id: created.id, name: 'Elm Street Apartments', address_text: elm.address_text, type: 'CONDO', declared_units_count: 6 },
      alex.authorization,
    );
    expect(updated).toMatchObject({ id: created.id, name: 'Elm Street Apartments', type: 'CONDO', declared_units_count: null, is_rental_property: true });
    expect(await call(GetPropertyLocation, { id: created.id }, alex.authorization)).toEqual(updated);
  });

  it.each([
    ['a missing address', { ...elm, address_text: '' }, 'property_owner', 'Property Address is required'],
    ['a missing type outside the property-owner campaign', { ...elm, type: null }, 'share_link', 'Property Type is required'],
    ['a multi-unit location without units count', { ...elm, declared_units_count: null }, 'property_owner', 'Units Count is required'],
  ])('refuses %s with the spec\'s message', async (_name, body, campaign, message) => {
    const user = await registeredUser({ campaign });
    const refused = await failure(call(CreatePropertyLocation, body, user.authorization));
    expect(refused.body).toMatchObject({ status: 400, message });
    expect(await call(ListPropertyLocations, {}, user.authorization)).toEqual([]);
  });

  it('lets a property-owner campaign user leave the type out, and drops units count for non-multi-unit types', async () => {
    const owner = await registeredUser({ campaign: 'property_owner' });
    const created = await call(CreatePropertyLocation, { address_text: '1600 Pennsylvania Ave NW, Washington, DC 20500', declared_units_count: 3 }, owner.authorization);
    expect(created).toMatchObject({ name: '1600 Pennsylvania Ave NW', type: null, declared_units_count: null, is_rental_property: false });
  });

  it.each([
    ['a missing name', { name: '' }, 'Name is required'],
    ['a missing address', { name: 'Elm', address_text: ' ' }, 'Property Rental Address is required'],
    ['a missing type', { name: 'Elm', type: null }, 'Property Type is required'],
    ['a missing units count', { name: 'Elm', declared_units_count: null }, 'Units Count is required'],
  ])('refuses an edit with %s', async (_name, change, message) => {
    const user = await registeredUser({ campaign: 'share_link' });
    const created = await call(CreatePropertyLocation, elm, user.authorization);
    const refused = await failure(call(UpdatePropertyLocation, { id: created.id, address_text: elm.address_text, ...change }, user.authorization));
    expect(refused.body).toMatchObject({ status: 400, message });
    expect(await call(GetPropertyLocation, { id: created.id }, user.authorization)).toEqual(created);
  });

  it('never shows or changes another account\'s location: 404 with no data, absent from the list', async () => {
    const alex = await registeredUser();
    const sam = await registeredUser();
    const alexes = await call(CreatePropertyLocation, elm, alex.authorization);
    const sams = await call(CreatePropertyLocation, { ...elm, address_text: '1 Main St, Boston, MA 02134' }, sam.authorization);

    const read = await failure(call(GetPropertyLocation, { id: alexes.id }, sam.authorization));
    expect(read.body).toEqual({ status: 404, message: 'Property location not found', code: 'not_found' });
    const write = await failure(call(UpdatePropertyLocation, { id: alexes.id, name: 'Mine now', address_text: 'x' }, sam.authorization));
    expect(write.body).toEqual({ status: 404, message: 'Property location not found', code: 'not_found' });
    expect((await failure(call(GetNavbarFlags, { locationId: alexes.id }, sam.authorization))).status).toBe(404);
    expect((await failure(call(GetOnboardingProgress, { id: alex.userId }, sam.authorization))).status).toBe(404);
    expect((await failure(call(GetOnboardingProgress, { id: alexes.id }, sam.authorization))).status).toBe(404);
    expect((await failure(call(GetPropertyLocation, { id: 'not-a-uuid' }, sam.authorization))).status).toBe(404);

    expect((await call(ListPropertyLocations, {}, sam.authorization)).map((l) => l.id)).toEqual([sams.id]);
    expect(await call(GetPropertyLocation, { id: alexes.id }, alex.authorization)).toEqual(alexes);
  });
});

describe('events and the onboarding progress read model', () => {
  it("takes one owner's location, building and unit events at once without a redelivery", async () => {
    const consumers = ['portfolio_property-location-created', 'portfolio_building-created', 'portfolio_unit-created'];
    const redelivered = async () => {
      let count = 0;
      for (const name of consumers) count += (await harness.jsm.consumers.info('PM_PORTFOLIO', name)).num_redelivered;
      return count;
    };
    const before = await redelivered();
    const owners = await Promise.all(Array.from({ length: 20 }, () => registeredUser({ accountType: 'property_manager' })));
    // Each owner's three events published at the same moment, as a fast client's creations reach the consumers.
    await Promise.all(
      owners.flatMap((owner) => [
        harness.publisher.publish(PropertyLocationCreated, { ...PropertyLocationCreated.fixture, locationId: randomUUID(), accountId: owner.userId, ownerUserId: owner.userId }),
        harness.publisher.publish(BuildingCreated, { ...BuildingCreated.fixture, buildingId: randomUUID(), ownerUserId: owner.userId }),
        harness.publisher.publish(UnitCreated, { ...UnitCreated.fixture, unitId: randomUUID(), ownerUserId: owner.userId }),
      ]),
    );
    // The three events reach three consumers, in any order: each owner's progress is waited for until all three have
    // counted (waiting for the unit alone raced the building's consumer).
    for (const owner of owners) {
      const progress = async () => await call(GetOnboardingProgress, { id: owner.userId }, owner.authorization);
      await waitFor(async () => {
        const { hasPropertyLocation, hasBuilding, hasUnit } = await progress();
        return hasPropertyLocation && hasBuilding && hasUnit;
      }, { timeout: 15_000, description: "every owner's progress" });
      expect(await progress()).toMatchObject({ hasPropertyLocation: true, hasBuilding: true, hasUnit: true });
    }
    // Before the fix, consumers racing to create one owner's progress row failed on its key and were redelivered.
    expect((await redelivered()) - before).toBe(0);
  });

  it('publishes PropertyLocationCreated once per creation, and the progress reflects it', async () => {
    const manager = await registeredUser({ accountType: 'property_manager' });
    expect(await call(GetOnboardingProgress, { id: manager.userId }, manager.authorization)).toMatchObject({
      hasPropertyLocation: false,
      firstPropertyLocationId: null,
    });
    const subject = PropertyLocationCreated.subject;
    const before = await storedCount(subject);
    const created = await call(CreatePropertyLocation, elm, manager.authorization);

    await waitFor(async () => (await storedCount(subject)) === before + 1, { timeout: 10_000, description: 'the event in the stream' });
    const progress = await waitFor(
      async () => {
        const p = await call(GetOnboardingProgress, { id: manager.userId }, manager.authorization);
        return p.hasPropertyLocation ? p : null;
      },
      { timeout: 10_000, description: 'the progress read model' },
    );
    expect(progress).toEqual({
      hasPropertyLocation: true,
      firstPropertyLocationId: created.id,
      hasPhoneNumber: false,
      hasBuilding: false,
      hasUnit: false,
      hasTenant: false,
      hasLeaseDocument: false,
      hasRentSetup: false,
      hasStripeConnected: false,
      hasEmailAddress: false,
      hasTenantsWithOnboardingEmailSent: false,
      firstBuildingId: null,
      firstUnitId: null,
      firstTenantId: null,
    });
    // Asked by one of the manager's locations, the answer is the same account progress.
    expect(await call(GetOnboardingProgress, { id: created.id }, manager.authorization)).toEqual(progress);
    const { rows } = await harness.db.query(`select published_at from "${harness.schema}"."outbox" where envelope->'data'->>'locationId' = $1`, [created.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].published_at).not.toBeNull();
    // Once: a second relay pass or redelivery adds nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await storedCount(subject)).toBe(before + 1);

    // A second location keeps the first one first.
    await call(CreatePropertyLocation, { ...elm, address_text: '1 Main St, Boston, MA 02134' }, manager.authorization);
    await waitFor(async () => (await storedCount(subject)) === before + 2, { timeout: 10_000, description: 'the second event' });
    expect((await call(GetOnboardingProgress, { id: manager.userId }, manager.authorization)).firstPropertyLocationId).toBe(created.id);
  });

  it('answers all-false progress to users who are not property managers, until their account type changes', async () => {
    const owner = await registeredUser({ accountType: 'home_owner' });
    const created = await call(CreatePropertyLocation, elm, owner.authorization);
    await waitFor(async () => (await harness.db.query(`select 1 from "${harness.schema}"."onboarding_progress" where user_id = $1`, [owner.userId])).rowCount, {
      timeout: 10_000,
      description: 'the progress row',
    });
    expect(await call(GetOnboardingProgress, { id: owner.userId }, owner.authorization)).toMatchObject({ hasPropertyLocation: false, firstPropertyLocationId: null });
    expect(await call(GetNavbarFlags, { locationId: created.id }, owner.authorization)).toEqual({
      showCommunicationMenuItems: true,
      showWorkflowsMenuItem: true,
      showPropertyInvoices: true,
      showMaintenanceRequestsMenuItem: true,
    });

    await harness.publisher.publish(AccountTypeChanged, { userId: owner.userId, accountType: 'property_manager', previousAccountType: 'home_owner', campaign: 'property_owner' });
    await waitFor(async () => (await call(GetOnboardingProgress, { id: owner.userId }, owner.authorization)).hasPropertyLocation, {
      timeout: 10_000,
      description: 'the account type change',
    });
    expect(await call(GetNavbarFlags, { locationId: created.id }, owner.authorization)).toEqual({
      showCommunicationMenuItems: false,
      showWorkflowsMenuItem: true,
      showPropertyInvoices: true,
      showMaintenanceRequestsMenuItem: true,
    });
  });

  it('re-owns an anonymous visitor\'s locations when they sign in to an existing account', async () => {
    const anonymousId = `anon_${randomUUID()}`;
    const anonymous = `Bearer ${await token(anonymousId, { is_anonymous: true })}`;
    const theirs = await call(CreatePropertyLocation, { address_text: '1600 Pennsylvania Ave NW, Washington, DC 20500', type: 'CONDO' }, anonymous);
    const manager = await registeredUser({ accountType: 'property_manager' });
    const ownerChanges = await storedCount(PropertyLocationOwnerChanged.subject);

    await harness.publisher.publish(AnonymousUserLinked, { anonymousUserId: anonymousId, userId: manager.userId });
    await waitFor(async () => (await call(ListPropertyLocations, {}, manager.authorization)).length === 1, { timeout: 10_000, description: 're-owning' });
    expect(await call(GetPropertyLocation, { id: theirs.id }, manager.authorization)).toEqual(theirs);
    expect(await call(ListPropertyLocations, {}, anonymous)).toEqual([]);
    await waitFor(async () => (await storedCount(PropertyLocationOwnerChanged.subject)) === ownerChanges + 1, { timeout: 10_000, description: 'one owner-changed event' });
    await waitFor(async () => (await call(GetOnboardingProgress, { id: manager.userId }, manager.authorization)).firstPropertyLocationId === theirs.id, {
      timeout: 10_000,
      description: 'progress following the moved location',
    });
  });
});

describe('the service checks tokens itself', () => {
  it('refuses a tampered token, an expired one, one signed by another key and none at all', async () => {
    const alex = await registeredUser();
    const good = await token(alex.userId);
    const [header, , signature] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'someone-else', iss: harness.tokens.issuer, aud: harness.tokens.audience, exp: 9_999_999_999 })).toString('base64url');
    for (const authorization of [
      `Bearer ${header}.${forged}.${signature}`,
      `Bearer ${await token(alex.userId, {}, { key: await foreignSigningKey() })}`,
    ]) {
      expect((await failure(call(ListPropertyLocations, {}, authorization))).body).toMatchObject({ status: 401, message: 'Authentication required' });
    }
    const expired = `Bearer ${await token(alex.userId, {}, { exp: Math.floor(Date.now() / 1000) - 60 })}`;
    expect((await failure(call(CreatePropertyLocation, elm, expired))).body).toMatchObject({
      status: 401,
      message: 'Your session has expired. Please sign in again.',
    });
    expect((await failure(harness.client.request(ListPropertyLocations, {}))).status).toBe(401);
  });
});
