import {
  AddPartner,
  AssignLocationPhoneNumber,
  ChangeLocationPhoneNumber,
  ReleaseLocationPhoneNumber,
  CreateBuilding,
  CreateContact,
  CreatePropertyLocation,
  CreateQuestion,
  CreateRule,
  CreateTenant,
  CreateUnit,
  DeleteContact,
  DeleteQuestion,
  DeleteRule,
  DeleteTenant,
  GenerateLocationEmailAddress,
  GetBuilding,
  GetContact,
  GetNavbarFlags,
  GetPropertyLocation,
  GetTenant,
  GetUnit,
  InviteTenants,
  ListBuildingContacts,
  ListBuildings,
  ListContacts,
  ListEmergencyContacts,
  ListExpiringLeases,
  ListLocationPhoneNumbers,
  ListLocationTenants,
  ListLocationUnits,
  ListPartnerInvitations,
  ListPartners,
  ListPropertyLocations,
  ListQuestions,
  ListRules,
  ListUnitTenants,
  ListUnits,
  RemovePartner,
  RevokePartnerInvitation,
  RetrieveTenant,
  SearchLocationPhoneNumbers,
  SendLeaseRenewalEmail,
  SetPrimaryTenant,
  UpdateContact,
  UpdatePartner,
  UpdatePropertyLocation,
  UpdateQuestion,
  UpdateRule,
  UpdateTenant,
  UpdateTenantMetadata,
  can,
  PARTNER_ROLES,
  type PartnerRole,
  type Permission,
  type RequestInputOf,
  type RpcContract,
} from '@pm/contracts';
import { locationScopedRequestsOf, permissionFor } from '@pm/access/testing';
import { RpcFailure } from '@pm/messaging';
import { randomUUID } from 'node:crypto';
import { startPortfolio, type PortfolioHarness, type TestUser } from './support/portfolio-harness.js';

import { jest } from '@jest/globals';

jest.setTimeout(240_000);

/**
 * The access matrix: two accounts, each with one partner in each of the five roles on its location. For every
 * portfolio request that names a location or something in one, each partner
 *   - on their own account's resources gets exactly what ROLE_PERMISSIONS gives their role (else 403), and
 *   - on the other account's resources gets 404 with no data, whatever their role,
 * and the owners get everything on theirs and 404 on the other's. The permission each request needs is the shared
 * table of @pm/access/testing (data, independent of the handlers), so a handler that checks the wrong permission
 * fails this test; every portfolio request of that table must be called here.
 */

let harness: PortfolioHarness;

/** One account's location and a resource of every kind in it. */
interface World {
  owner: TestUser;
  locationId: string;
  buildingId: string;
  unitId: string;
  tenantId: string;
  questionId: string;
  ruleId: string;
  contactId: string;
  partnerId: string;
  /** One user per role, a partner on this location. */
  partners: Record<PartnerRole, TestUser>;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${randomUUID().slice(0, 6)}`;

async function owned<C extends RpcContract>(world: Pick<World, 'owner'>, contract: C, payload: RequestInputOf<C>) {
  return harness.call(contract, payload, world.owner.authorization);
}

async function newTenant(world: World, options: { archived?: boolean } = {}): Promise<string> {
  const tenant = await owned(world, CreateTenant, {
    full_name: unique('Tenant'),
    unit_id: world.unitId,
    location_id: world.locationId,
    contacts: [{ type: 'email', value: `${unique('tenant')}@example.com` }],
  });
  await owned(world, UpdateTenantMetadata, { id: tenant.id, lease_start: inDays(-300), lease_end: inDays(30), rent_amount_cents: 150_000 });
  if (options.archived) await owned(world, DeleteTenant, { id: tenant.id });
  return tenant.id;
}

/** A partner who accepted a viewer invitation to the world's location. */
async function newPartner(world: World): Promise<string> {
  const user = await harness.registeredUser({ campaign: null, email: `${unique('partner')}@example.com` });
  return harness.share(world.owner, user, 'VIEWER', world.locationId, 'Pat Partner');
}

/** A pending invitation to the world's location. */
async function newInvitation(world: World): Promise<string> {
  return (await owned(world, AddPartner, { fullName: 'Ivy Invitee', email: `${unique('invitee')}@example.com`, phone: '5551234567', role: 'VIEWER', locationId: world.locationId })).id;
}

/** A second location of the world's account, shared with `user` in `role` (for requests that change a location for good). */
async function newSharedLocation(world: World, role: PartnerRole, user: TestUser): Promise<string> {
  const location = await owned(world, CreatePropertyLocation, { address_text: `${unique('7')} Oak Avenue, Austin, TX 78701`, type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true });
  await harness.share(world.owner, user, role, location.id, 'Role Holder');
  return location.id;
}

async function buildWorld(city: string): Promise<World> {
  const owner = await harness.registeredUser({ campaign: null });
  const base = { owner } as World;
  const location = await owned(base, CreatePropertyLocation, { address_text: `12 Elm Street, ${city}, IL 62701`, type: 'MULTI_UNIT', declared_units_count: 6, is_rental_property: true });
  const building = await owned(base, CreateBuilding, { name: 'Building A', property_location_id: location.id, address_text: location.address_text });
  const unit = await owned(base, CreateUnit, { name: 'Unit 1', building_id: building.id });
  const world: World = {
    ...base,
    locationId: location.id,
    buildingId: building.id,
    unitId: unit.id,
    tenantId: '',
    questionId: (await owned(base, CreateQuestion, { location_id: location.id, question: 'Where is parking?', answer: 'Behind building A.' })).id,
    ruleId: (await owned(base, CreateRule, { location_id: location.id, description: 'A tenant reports a leak', expected_output: 'Call the plumber.' })).id,
    contactId: (await owned(base, CreateContact, { location_id: location.id, name: 'Sam Rivera', role: 'PLUMBER', details: [{ type: 'phone', value: '5551234567' }], location_ids: [location.id] })).id,
    partnerId: '',
    partners: {} as Record<PartnerRole, TestUser>,
  };
  world.tenantId = await newTenant(world);
  world.partnerId = await newPartner(world);
  for (const role of PARTNER_ROLES) {
    const user = await harness.registeredUser({ campaign: null });
    await harness.share(owner, user, role, world.locationId, `${role} person`);
    world.partners[role] = user;
  }
  return world;
}

/** A portfolio request, the permission it needs, and how to call it on a world's resources (fresh ones when it changes them). */
interface Endpoint {
  contract: RpcContract;
  name: string;
  permission: Permission;
  call(world: World, as: Caller): Promise<unknown>;
}

/** Who calls, in which role; `ownWorld` false when the world is another account's (nothing is shared with them there). */
interface Caller {
  role: PartnerRole | 'OWNER';
  user: TestUser;
  ownWorld: boolean;
}

/** A location of the world the caller may act on for good: a fresh one shared with them in their own world, else the world's. */
async function disposableLocation(world: World, as: Caller): Promise<string> {
  if (!as.ownWorld) return world.locationId;
  if (as.role === 'OWNER') return (await owned(world, CreatePropertyLocation, { address_text: `${unique('1')} Pine Road, Springfield, IL 62701`, type: 'CONDO' })).id;
  return newSharedLocation(world, as.role, as.user);
}

function request<C extends RpcContract>(contract: C, payload: (world: World, as: Caller) => Promise<RequestInputOf<C>> | RequestInputOf<C>): Endpoint {
  const name = contract.subject.replace('pm.rpc.portfolio.', '').replace(/\.v\d+$/, '');
  return { contract, name, permission: permissionFor(contract), call: async (world, as) => harness.call(contract, await payload(world, as), as.user.authorization) };
}

const endpoints: Endpoint[] = [
  request(GetPropertyLocation, (w) => ({ id: w.locationId })),
  request(UpdatePropertyLocation, (w) => ({ id: w.locationId, name: 'Elm Street', address_text: '12 Elm Street, Springfield, IL 62701' })),
  request(GetNavbarFlags, (w) => ({ locationId: w.locationId })),
  request(GenerateLocationEmailAddress, async (w, as) => ({ id: await disposableLocation(w, as) })),
  request(SearchLocationPhoneNumbers, (w) => ({ id: w.locationId, areaCode: '217', limit: 3 })),
  request(AssignLocationPhoneNumber, async (w, as) => {
    const id = await disposableLocation(w, as);
    const [available] = (await owned(w, SearchLocationPhoneNumbers, { id, areaCode: '217', limit: 1 })).numbers;
    return { id, phoneNumber: available!.phoneNumber };
  }),
  request(ChangeLocationPhoneNumber, async (w, as) => {
    const id = await disposableLocation(w, as);
    const [first, second] = (await owned(w, SearchLocationPhoneNumbers, { id, areaCode: '217', limit: 2 })).numbers;
    // The other account's callers are refused before anything is looked at: its shared location stays without a number.
    if (as.ownWorld) await owned(w, AssignLocationPhoneNumber, { id, phoneNumber: first!.phoneNumber });
    return { id, phoneNumber: second!.phoneNumber };
  }),
  request(ReleaseLocationPhoneNumber, async (w, as) => {
    const id = await disposableLocation(w, as);
    const [available] = (await owned(w, SearchLocationPhoneNumbers, { id, areaCode: '217', limit: 1 })).numbers;
    if (as.ownWorld) await owned(w, AssignLocationPhoneNumber, { id, phoneNumber: available!.phoneNumber });
    return { id };
  }),
  request(ListBuildings, (w) => ({ location_id: w.locationId })),
  request(CreateBuilding, (w) => ({ name: 'Building B', property_location_id: w.locationId, address_text: '14 Elm Street' })),
  request(GetBuilding, (w) => ({ id: w.buildingId })),
  request(ListBuildingContacts, (w) => ({ id: w.buildingId })),
  request(ListUnits, (w) => ({ buildingId: w.buildingId })),
  request(ListLocationUnits, (w) => ({ locationId: w.locationId })),
  request(CreateUnit, (w) => ({ name: 'Unit 2', building_id: w.buildingId })),
  request(GetUnit, (w) => ({ id: w.unitId })),
  request(ListUnitTenants, (w) => ({ unit_id: w.unitId })),
  request(ListLocationTenants, (w) => ({ locationId: w.locationId })),
  request(GetTenant, (w) => ({ id: w.tenantId })),
  request(CreateTenant, (w) => ({ full_name: 'New Tenant', unit_id: w.unitId, location_id: w.locationId, contacts: [] })),
  request(UpdateTenant, async (w) => ({ id: await newTenant(w), full_name: 'Renamed Tenant', contacts: [] })),
  request(UpdateTenantMetadata, async (w) => ({ id: await newTenant(w), lease_end: inDays(45) })),
  request(SetPrimaryTenant, async (w) => ({ id: await newTenant(w) })),
  request(DeleteTenant, async (w) => ({ id: await newTenant(w) })),
  request(RetrieveTenant, async (w) => ({ id: await newTenant(w, { archived: true }) })),
  request(InviteTenants, async (w) => ({ tenantIds: [await newTenant(w)], subject: 'Welcome', body: 'Hello {{tenant_name}}: {{invite_link}}', location_id: w.locationId })),
  request(ListExpiringLeases, (w) => ({ locationId: w.locationId, days: 60 })),
  request(SendLeaseRenewalEmail, (w) => ({ tenantId: w.tenantId, buildingId: w.buildingId })),
  request(ListPartners, (w) => ({ location_id: w.locationId })),
  request(ListEmergencyContacts, (w) => ({ location_id: w.locationId })),
  request(AddPartner, (w) => ({ fullName: 'Added Partner', email: `${unique('added')}@example.com`, phone: '5551234567', role: 'VIEWER', locationId: w.locationId })),
  request(UpdatePartner, async (w) => ({ id: await newPartner(w), full_name: 'Pat Partner', email: `${unique('changed')}@example.com`, role: 'MEMBER', is_emergency_contact: true })),
  request(RemovePartner, async (w) => ({ id: await newPartner(w), location_id: w.locationId })),
  request(ListPartnerInvitations, (w) => ({ location_id: w.locationId })),
  request(RevokePartnerInvitation, async (w) => ({ id: await newInvitation(w) })),
  request(ListQuestions, (w) => ({ location_id: w.locationId })),
  request(CreateQuestion, (w) => ({ location_id: w.locationId, question: 'Trash day?', answer: 'Tuesday.' })),
  request(UpdateQuestion, (w) => ({ id: w.questionId, question: 'Where is parking?', answer: 'Behind building B.' })),
  request(DeleteQuestion, async (w) => ({ id: (await owned(w, CreateQuestion, { location_id: w.locationId, question: 'Pets?', answer: 'Cats only.' })).id })),
  request(ListRules, (w) => ({ location_id: w.locationId })),
  request(CreateRule, (w) => ({ location_id: w.locationId, description: 'Noise after 10 pm', expected_output: 'Remind the quiet hours.' })),
  request(UpdateRule, (w) => ({ id: w.ruleId, description: 'A tenant reports a leak', expected_output: 'Call the plumber now.' })),
  request(DeleteRule, async (w) => ({ id: (await owned(w, CreateRule, { location_id: w.locationId, description: 'Lockout', expected_output: 'Send the locksmith.' })).id })),
  request(ListContacts, (w) => ({ location_id: w.locationId })),
  request(CreateContact, (w) => ({ location_id: w.locationId, name: 'Electric Co', details: [], location_ids: [w.locationId] })),
  request(GetContact, (w) => ({ id: w.contactId, location_id: w.locationId })),
  request(UpdateContact, (w) => ({ id: w.contactId, location_id: w.locationId, name: 'Sam Rivera', role: 'PLUMBER', details: [] })),
  request(DeleteContact, async (w) => ({
    id: (await owned(w, CreateContact, { location_id: w.locationId, name: 'Gone Soon', details: [], location_ids: [w.locationId] })).id,
    location_id: w.locationId,
  })),
];

/** 'ok', or the failure's status. */
async function outcome(promise: Promise<unknown>): Promise<'ok' | number> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof RpcFailure) return error.status;
    throw error;
  }
}

let accounts: [World, World];

beforeAll(async () => {
  harness = await startPortfolio();
  accounts = [await buildWorld('Springfield'), await buildWorld('Shelbyville')];
});

afterAll(async () => {
  await harness?.close();
});

describe.each([0, 1])('account %i', (index) => {
  const own = () => accounts[index]!;
  const other = () => accounts[1 - index]!;

  it('its owner may do everything on its location and nothing on the other account\'s (404)', async () => {
    const mismatches: string[] = [];
    for (const endpoint of endpoints) {
      const mine = await outcome(endpoint.call(own(), { role: 'OWNER', user: own().owner, ownWorld: true }));
      if (mine !== 'ok') mismatches.push(`${endpoint.name} on own: ${mine}`);
      const theirs = await outcome(endpoint.call(other(), { role: 'OWNER', user: own().owner, ownWorld: false }));
      if (theirs !== 404) mismatches.push(`${endpoint.name} on other account's: ${theirs}`);
    }
    expect(mismatches).toEqual([]);
  });

  it.each(PARTNER_ROLES)('a %s partner gets exactly the permissions of the table on it, and 404 on the other account\'s', async (role) => {
    const user = own().partners[role];
    const mismatches: string[] = [];
    for (const endpoint of endpoints) {
      const expected = can(role, endpoint.permission) ? 'ok' : 403;
      const mine = await outcome(endpoint.call(own(), { role, user, ownWorld: true }));
      if (mine !== expected) mismatches.push(`${endpoint.name} (${endpoint.permission}) on own: ${mine}, expected ${expected}`);
      const theirs = await outcome(endpoint.call(other(), { role, user, ownWorld: false }));
      if (theirs !== 404) mismatches.push(`${endpoint.name} on other account's: ${theirs}, expected 404`);
    }
    expect(mismatches).toEqual([]);
  });

  it.each(PARTNER_ROLES)('a %s partner lists only the locations shared with them, with their role', async (role) => {
    const user = own().partners[role];
    const listed = await harness.call(ListPropertyLocations, {}, user.authorization);
    expect(listed.filter((location) => location.id === own().locationId)).toEqual([expect.objectContaining({ access_role: role })]);
    expect(listed.map((location) => location.id)).not.toContain(other().locationId);
    const numbers = await harness.call(ListLocationPhoneNumbers, {}, user.authorization);
    const reachable = new Set(listed.map((location) => location.id));
    expect(numbers.every((number) => reachable.has(number.location_id))).toBe(true);
  });
});

it('covers every portfolio request that reaches a location (new requests must be added to the matrix)', () => {
  const covered = new Set(endpoints.map((endpoint) => endpoint.contract));
  expect(locationScopedRequestsOf('portfolio').filter((contract) => !covered.has(contract)).map((c) => c.subject)).toEqual([]);
  expect(endpoints.length).toBe(new Set(endpoints.map((endpoint) => endpoint.contract)).size);
});
