import { jest } from '@jest/globals';
import {
  AssignLocationPhoneNumber,
  CreateBuilding,
  CreatePropertyLocation,
  CreateTenant,
  CreateUnit,
  DeleteTenant,
  GenerateLocationEmailAddress,
  GetTenantWelcome,
  InviteTenants,
  SearchLocationPhoneNumbers,
  TENANT_WELCOME_NOT_FOUND,
  TenantInvitationIssued,
} from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { failure, startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

jest.setTimeout(60_000);

/**
 * The landing page of a tenant invitation (issue 9): the e-mail's link carries an unguessable token; anyone holding
 * it, signed in or not, sees the property's name, address, phone and e-mail and the tenant's first name, nothing else.
 */

let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio({ PUBLIC_WEB_URL: 'http://web.test:3000/' });
});

afterAll(async () => {
  await harness?.close();
});

const uniqueEmail = (name: string) => `${name}.${Math.random().toString(36).slice(2, 10)}@example.com`;

/** The landing page's call as the BFF makes it for a visitor: no token at all. */
const welcome = (token: string) => harness.app.get(RpcClient).request(GetTenantWelcome, { token }, { authorization: null });

/** A manager's location with a building, a phone number and an e-mail address, one tenant invited; the invitation's token. */
async function invitedTenant(fullName = 'Jordan Lee') {
  const user = await harness.registeredUser();
  const location = await harness.call(
    CreatePropertyLocation,
    { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 6, is_rental_property: true },
    user.authorization,
  );
  const building = await harness.call(CreateBuilding, { name: 'Building A', property_location_id: location.id, address_text: '12 Elm Street, Springfield, IL 62701' }, user.authorization);
  const unit = await harness.call(CreateUnit, { name: 'Unit 1A', building_id: building.id }, user.authorization);
  const [offer] = (await harness.call(SearchLocationPhoneNumbers, { id: location.id }, user.authorization)).numbers;
  const withPhone = await harness.call(AssignLocationPhoneNumber, { id: location.id, phoneNumber: offer!.phoneNumber }, user.authorization);
  const withEmail = await harness.call(GenerateLocationEmailAddress, { id: location.id }, user.authorization);
  const email = uniqueEmail('welcome');
  const tenant = await harness.call(
    CreateTenant,
    { full_name: fullName, unit_id: unit.id, location_id: location.id, contacts: [{ type: 'email', value: email }, { type: 'phone', value: '2175550199' }] },
    user.authorization,
  );
  await harness.call(InviteTenants, { tenantIds: [tenant.id], subject: 'Welcome', body: 'Hello {{tenant_name}}: {{invite_link}}' }, user.authorization);
  // The link messaging fills {{invite_link}} with (messaging's tests follow it into the e-mail).
  const { rows } = await harness.db.query<{ link: string }>(
    `select envelope->'data'->>'inviteLink' as link from "${harness.schema}"."outbox" where subject = $1 and envelope->'data'->>'tenantId' = $2`,
    [TenantInvitationIssued.subject, tenant.id],
  );
  const link = rows[0]?.link;
  const match = /^http:\/\/web\.test:3000\/welcome\/([A-Za-z0-9_-]{43})\?email=/.exec(link ?? '');
  if (!match) throw new Error(`the invitation links to ${link}`);
  // The address only prefills the optional sign-up; the token alone opens the page.
  expect(new URL(link!).searchParams.get('email')).toBe(email);
  return { user, location, tenant, token: match[1]!, phone: withPhone.phone, locationEmail: withEmail.email };
}

describe('tenant invitation landing', () => {
  it('links the e-mail to /welcome/<token>, which answers exactly the property and the first name, without a session', async () => {
    const p = await invitedTenant('Jordan Lee');
    expect(p.phone).toMatch(/^\+1\d{10}$/);
    expect(p.locationEmail).toContain('@');
    // toEqual: nothing else leaks (no ids, no contacts, no lease or rent, no other tenants).
    expect(await welcome(p.token)).toEqual({
      first_name: 'Jordan',
      property_name: p.location.name,
      property_address: '12 Elm Street, Springfield, IL 62701',
      property_phone: p.phone,
      property_email: p.locationEmail,
    });
  });

  it('stores only a hash of the token, valid 60 days', async () => {
    const p = await invitedTenant();
    const { rows } = await harness.db.query<{ token_hash: string; days: number }>(
      `select token_hash, extract(epoch from expires_at - created_at) / 86400 as days from "${harness.schema}"."tenant_invitation" where tenant_id = $1`,
      [p.tenant.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(p.token);
    expect(Number(rows[0]!.days)).toBe(60);
  });

  it('answers one 404 for unknown, malformed and expired tokens and for a past or deleted tenant', async () => {
    const unknown = await failure(welcome('A'.repeat(43)));
    expect(unknown.body).toEqual({ status: 404, message: TENANT_WELCOME_NOT_FOUND, code: 'not_found' });
    expect((await failure(welcome('not a token'))).body).toEqual(unknown.body);
    expect((await failure(welcome(''))).body).toEqual(unknown.body);

    const expired = await invitedTenant();
    await harness.db.query(`update "${harness.schema}"."tenant_invitation" set expires_at = now() - interval '1 second' where tenant_id = $1`, [
      expired.tenant.id,
    ]);
    expect((await failure(welcome(expired.token))).body).toEqual(unknown.body);

    const deleted = await invitedTenant();
    expect(await welcome(deleted.token)).toMatchObject({ first_name: 'Jordan' });
    await harness.call(DeleteTenant, { id: deleted.tenant.id }, deleted.user.authorization); // archived: a past tenant
    expect((await failure(welcome(deleted.token))).body).toEqual(unknown.body);
    await harness.call(DeleteTenant, { id: deleted.tenant.id }, deleted.user.authorization); // removed for good
    expect((await failure(welcome(deleted.token))).body).toEqual(unknown.body);
  });
});
