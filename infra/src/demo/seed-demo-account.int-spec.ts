import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type E2ePlatform, startE2ePlatform, stopE2ePlatform } from '../e2e-platform.ts';
import { cachePaths } from '../cache-paths.ts';
import { localModelsVerified as modelsVerifiedIn } from '../components/ai-models.ts';
import { demoPortfolio, demoResident } from './demo-portfolio.data.ts';
import { addDays, DEMO_EMAIL, isoDay, seedDemoAccount } from './seed-demo-account.ts';

/**
 * The demo account on a whole platform started as `npm start` starts it (the orchestrator's e2e profile: throw-away
 * data, own ports): the orchestrator seeds it once it is up; seeding again adds nothing and leaves the user's changes.
 */

const startupMs = 300_000;
let platform: E2ePlatform;
let api: string;
let token: string;
let password: string;
const markerDir = mkdtempSync(join(tmpdir(), 'pm-demo-seed-'));
const localModelsVerified = () => modelsVerifiedIn(process.env['AI_MODELS_DIR'] ?? cachePaths().models);

beforeAll(async () => {
  platform = await startE2ePlatform();
  api = `${platform.baseUrl}/api`;
  password = platform.demoPassword;
  const response = await fetch(`${api}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password }),
  });
  expect(response.status).toBe(200);
  token = ((await response.json()) as { access_token: string }).access_token;
}, startupMs);

afterAll(async () => {
  if (platform) await stopE2ePlatform(platform);
  rmSync(markerDir, { recursive: true, force: true });
}, 90_000);

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${api}/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function send(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${api}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

interface PartnerInvitation {
  full_name: string;
  role: string;
}

interface Partner {
  manager: { limitedUser: { full_name: string } };
  role: string;
  user_id: string | null;
  is_emergency_contact: boolean;
}

interface Counts {
  name: string;
  buildings: number;
  units: number;
  tenants: number;
  expiring: string[];
  partners: string[];
  questions: number;
  rules: number;
  phoneAreaCode: string | null;
}

/** The demo account's portfolio as the manager's screens read it, through the BFF. */
async function portfolio(): Promise<Counts[]> {
  const locations = await get<{ id: string; name: string; phone: string | null }[]>('property-location/all');
  return Promise.all(
    locations.map(async ({ id, name, phone }) => ({
      name,
      phoneAreaCode: phone?.slice(2, 5) ?? null,
      buildings: (await get<unknown[]>(`building/all?location_id=${id}`)).length,
      units: (await get<unknown[]>(`property-location/${id}/units`)).length,
      tenants: (await get<{ total: number }>(`tenant/location/${id}?limit=1`)).total,
      expiring: (await get<{ tenantName: string; expiryDate: string }[]>(`todo/location/${id}/expiring-leases?days=60`)).map(
        (lease) => `${lease.tenantName} ${lease.expiryDate}`,
      ),
      // Accepted partners (with a user of their own) and pending invitations, as the partners page lists them.
      partners: [
        ...(await get<Partner[]>(`property-manager/all?location_id=${id}`)).map(
          (p) => `${p.manager.limitedUser.full_name} ${p.role} ${p.user_id ? 'accepted' : 'WITHOUT A USER'}${p.is_emergency_contact ? ', emergency contact' : ''}`,
        ),
        ...(await get<PartnerInvitation[]>(`property-manager/invitations?location_id=${id}`)).map((p) => `${p.full_name} ${p.role} invited`),
      ].sort(),
      questions: (await get<unknown[]>(`question/all?location_id=${id}`)).length,
      rules: (await get<unknown[]>(`rule/all?location_id=${id}`)).length,
    })),
  );
}

/** What the data module describes, with lease ends counted from today (UTC), soonest first as the dashboard lists them. */
function expected(): Counts[] {
  const today = new Date();
  return demoPortfolio.map((location) => ({
    name: location.name,
    buildings: location.buildings.length,
    units: location.buildings.reduce((sum, building) => sum + building.units.length, 0),
    tenants: location.tenants.length,
    expiring: location.tenants
      .filter((tenant) => tenant.leaseEndsInDays >= 0 && tenant.leaseEndsInDays <= 60)
      .sort((a, b) => a.leaseEndsInDays - b.leaseEndsInDays)
      .map((tenant) => `${tenant.fullName} ${isoDay(addDays(today, tenant.leaseEndsInDays))}`),
    partners: location.partners
      .map(({ fullName, role, invitation, emergencyContact }) =>
        invitation === 'accepted' ? `${fullName} ${role} accepted${emergencyContact ? ', emergency contact' : ''}` : `${fullName} ${role} invited`,
      )
      .sort(),
    questions: location.questions.length,
    rules: location.rules.length,
    phoneAreaCode: location.phoneAreaCode,
  }));
}

describe('the demo account after npm start', () => {
  it('holds the demo portfolio: three locations, about 60 tenants, several leases ending within 60 days', async () => {
    const seeded = await portfolio();
    const sortExpiring = (counts: Counts[]) => counts.map((c) => ({ ...c, expiring: [...c.expiring].sort() }));
    // Leases ending the same day come in either order.
    expect(sortExpiring(seeded)).toEqual(sortExpiring(expected()));

    expect(seeded.map((location) => location.name)).toEqual(['Harbor View Apartments', 'Cedar Street Fourplex', '4127 Sycamore Lane']);
    const tenants = seeded.reduce((sum, location) => sum + location.tenants, 0);
    expect(seeded.reduce((sum, location) => sum + location.expiring.length, 0)).toBeGreaterThanOrEqual(5);
    expect(seeded[0]).toMatchObject({ buildings: 2, units: 40 });
    expect(new Set(seeded.flatMap((location) => location.partners.map((partner) => partner.match(/ (ADMIN|MANAGER|VENDOR|VIEWER)/)?.[1])))).toEqual(
      new Set(['MANAGER', 'ADMIN', 'VENDOR', 'VIEWER']),
    );
    expect(tenants).toBe(60);
  });

  it("lets a newcomer look through an accepted partner's eyes: their own account, the demo password, their role", async () => {
    const harborView = demoPortfolio[0]!;
    const rosa = harborView.partners.find((partner) => partner.role === 'ADMIN')!;
    const response = await fetch(`${api}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: rosa.email, password }),
    });
    expect(response.status).toBe(200);
    const partnerToken = ((await response.json()) as { access_token: string }).access_token;
    const locations = await fetch(`${api}/property-location/all`, { headers: { authorization: `Bearer ${partnerToken}` } });
    expect(((await locations.json()) as { name: string; access_role: string }[]).map(({ name, access_role }) => [name, access_role])).toEqual([
      [harborView.name, 'ADMIN'],
    ]);

    const [location] = await get<{ id: string }[]>('property-location/all');
    const emergencyContacts = await get<Partner[]>(`property-manager/emergency-contacts?location_id=${location!.id}`);
    expect(emergencyContacts.map((p) => p.manager.limitedUser.full_name)).toEqual(
      harborView.partners.filter((partner) => partner.emergencyContact).map((partner) => partner.fullName),
    );
  });

  it("gives the demo resident an account, their home and, with the local models, Terri's answers from the location's Q&A", async () => {
    const signIn = await fetch(`${api}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoResident.email, password }),
    });
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as { access_token: string; user: { account_type: string } };
    expect(session.user.account_type).toBe('resident');
    const headers = { authorization: `Bearer ${session.access_token}` };
    expect(await (await fetch(`${api}/user-property`, { headers })).json()).toMatchObject({ street: demoResident.home.street, zipcode: demoResident.home.zip });
    const { items } = (await (await fetch(`${api}/chat/messages`, { headers })).json()) as { items: { role: string; text: string; sources: { kind: string }[]; outcome: string | null }[] };
    if (!localModelsVerified()) {
      expect(items).toEqual([]);
      return;
    }
    const oldestFirst = [...items].reverse();
    expect(oldestFirst.map((message) => message.role)).toEqual(['user', 'admin', 'user', 'admin']);
    expect(oldestFirst.filter((message) => message.role === 'user').map((message) => message.text)).toEqual([...demoResident.questions]);
    for (const reply of oldestFirst.filter((message) => message.role === 'admin')) {
      expect(['answered', 'cited-facts']).toContain(reply.outcome);
      expect(reply.sources.map((source) => source.kind)).toContain('knowledge');
    }
  });

  it('adds nothing when seeded again, and leaves what the user changed', async () => {
    const [harborView] = await get<{ id: string; name: string }[]>('property-location/all');
    const [first] = (await get<{ items: { id: string; full_name: string; contacts: unknown }[] }>(`tenant/location/${harborView!.id}?limit=1`)).items;
    await send('PUT', `tenant/${first!.id}`, { full_name: 'Maria Gonzalez-Ortiz', contacts: first!.contacts });
    const [question] = await get<{ id: string }[]>(`question/all?location_id=${harborView!.id}`);
    await send('DELETE', `question/${question!.id}`);
    const before = await portfolio();

    // A start that never finished writing its marker: every demo location is found by name and kept as it is.
    const markerFile = join(markerDir, 'demo-seed.json');
    expect(await seedDemoAccount({ apiUrl: api, password, markerFile, mailApiUrl: platform.mailApiUrl })).toEqual({
      status: 'seeded',
      created: [],
      kept: demoPortfolio.map((location) => location.name),
      // The demo's AI chat is asked only along with a location it adds.
      chat: { skipped: 'no demo location was added' },
    });
    expect(await portfolio()).toEqual(before);

    // Seeded once for this account: a renamed location is not brought back under its old name.
    await send('PUT', `property-location/${harborView!.id}`, { name: 'Harbor View', address_text: '1450 Harbor View Drive, San Diego, CA 92101' });
    expect(await seedDemoAccount({ apiUrl: api, password, markerFile, mailApiUrl: platform.mailApiUrl })).toEqual({ status: 'already-seeded' });
    const after = await portfolio();
    expect(after.map((location) => location.name)).toEqual(['Harbor View', 'Cedar Street Fourplex', '4127 Sycamore Lane']);
    expect(after.slice(1)).toEqual(before.slice(1));
    expect((await get<{ full_name: string }>(`tenant/${first!.id}`)).full_name).toBe('Maria Gonzalez-Ortiz');
    expect((await get<unknown[]>(`question/all?location_id=${harborView!.id}`)).length).toBe(demoPortfolio[0]!.questions.length - 1);

    // Never seeded by this run, but holding a location that is not a demo one: the account is someone's, left alone.
    expect(await seedDemoAccount({ apiUrl: api, password, markerFile: join(markerDir, 'fresh', 'demo-seed.json'), mailApiUrl: platform.mailApiUrl })).toEqual({ status: 'in-use' });
    expect(await portfolio()).toEqual(after);
  }, 120_000);
});
