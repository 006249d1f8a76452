import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type DemoLocation, demoPortfolio } from './demo-portfolio.data.ts';

export const DEMO_EMAIL = 'demo@pm.local';

export interface DemoSeedOptions {
  /** The BFF's API base, e.g. http://127.0.0.1:3000/api. */
  apiUrl: string;
  password: string;
  /**
   * Remembers that this demo account (by user id) was seeded, kept with the run's data: once seeded, whatever the
   * user does with the account (deleting, renaming) is left alone. A re-created account (new id) is seeded again.
   */
  markerFile: string;
  /** Lease dates are counted from this day (UTC). */
  today?: Date;
  portfolio?: readonly DemoLocation[];
}

export type DemoSeedResult =
  | { status: 'already-seeded' }
  /** The account holds locations of its own (someone used it before it was ever seeded): nothing is added. */
  | { status: 'in-use' }
  | { status: 'seeded'; created: string[]; /** Locations of the account that already had a demo location's name. */ kept: string[] };

/** Where a run keeps its marker: beside the stack's data, so wiping the data seeds a fresh account again. */
export function demoSeedMarkerFile(dataDir: string): string {
  return join(dataDir, 'demo-seed.json');
}

interface SeedMarker {
  userId: string;
  seededAt: string;
  locations: string[];
}

/**
 * Seeds the demo account with the demo portfolio through the BFF's API, as a manager would enter it (sign in, add
 * locations, buildings, units, tenants with their leases, partner invitations, Q&A and rules). Idempotent: a marker file says the
 * account was seeded; without it (a start that stopped half-way), a demo location whose name the account already has
 * is kept as it is, never filled in or duplicated. An account that already holds a location of its own (used before
 * seeding existed) is left alone.
 */
export async function seedDemoAccount(options: DemoSeedOptions): Promise<DemoSeedResult> {
  const api = await DemoApi.signIn(options.apiUrl, DEMO_EMAIL, options.password);
  const marker = readMarker(options.markerFile);
  if (marker?.userId === api.userId) return { status: 'already-seeded' };

  const portfolio = options.portfolio ?? demoPortfolio;
  const existing = new Set((await api.get<{ name: string }[]>('property-location/all')).map((location) => location.name));
  const demoNames = new Set(portfolio.map((location) => location.name));
  if ([...existing].some((name) => !demoNames.has(name))) {
    writeMarker(options.markerFile, { userId: api.userId, seededAt: new Date().toISOString(), locations: [] });
    return { status: 'in-use' };
  }
  const today = options.today ?? new Date();
  const created: string[] = [];
  const kept: string[] = [];
  for (const location of portfolio) {
    if (existing.has(location.name)) {
      kept.push(location.name);
      continue;
    }
    await seedLocation(api, location, today);
    created.push(location.name);
  }
  writeMarker(options.markerFile, { userId: api.userId, seededAt: new Date().toISOString(), locations: [...kept, ...created] });
  return { status: 'seeded', created, kept };
}

async function seedLocation(api: DemoApi, location: DemoLocation, today: Date): Promise<void> {
  const { id: locationId } = await api.post<{ id: string }>('property-location', {
    name: location.name,
    address_text: location.addressText,
    type: location.type,
    declared_units_count: location.declaredUnitsCount ?? null,
    is_rental_property: true,
  });
  const unitIds = new Map<string, string>();
  for (const building of location.buildings) {
    const { id: buildingId } = await api.post<{ id: string }>('building', {
      name: building.name,
      property_location_id: locationId,
      address_text: building.addressText,
    });
    for (const unit of building.units) {
      if (unitIds.has(unit)) throw new Error(`${location.name}: unit ${unit} is listed twice`);
      unitIds.set(unit, (await api.post<{ id: string }>('unit', { name: unit, building_id: buildingId })).id);
    }
  }

  const withPrimary = new Set<string>();
  for (const tenant of location.tenants) {
    const unitId = unitIds.get(tenant.unit);
    if (unitId === undefined) throw new Error(`${location.name}: tenant ${tenant.fullName} lives in unknown unit ${tenant.unit}`);
    const contacts = [
      ...(tenant.email ? [{ type: 'email', value: tenant.email }] : []),
      ...(tenant.phone ? [{ type: 'phone', value: tenant.phone }] : []),
    ];
    const { id } = await api.post<{ id: string }>('tenant', { full_name: tenant.fullName, contacts, unit_id: unitId, location_id: locationId });
    await api.put(`tenant/${id}/metadata`, { ...leaseTerm(today, tenant.leaseEndsInDays, tenant.leaseMonths), rent_amount_cents: tenant.rentDollars * 100 });
    if (!withPrimary.has(tenant.unit)) {
      await api.post(`tenant/${id}/set-primary`, {});
      withPrimary.add(tenant.unit);
    }
  }

  // Partners are invited: each stays a pending invitation (listed with the location's partners) until its invitee
  // accepts it with an account of that address, which the fictional people of the demo never do.
  for (const { fullName, email, phone, role } of location.partners) {
    await api.post('property-manager/with-user', { fullName, email, phone, role, locationId });
  }
  for (const { question, answer } of location.questions) {
    await api.post('question', { location_id: locationId, question, answer });
  }
  for (const { description, expectedOutput } of location.rules) {
    await api.post('rule', { location_id: locationId, description, expected_output: expectedOutput });
  }
  // The number the platform offers first (its default area code is the location's own), as a manager would pick it.
  const offer = await api.get<{ areaCode: string; numbers: { phoneNumber: string }[] }>(`property-location/${locationId}/search-phone-number?limit=1`);
  if (offer.areaCode !== location.phoneAreaCode) throw new Error(`${location.name}: numbers offered in ${offer.areaCode}, not ${location.phoneAreaCode}`);
  const [number] = offer.numbers;
  if (!number) throw new Error(`${location.name}: no phone number available in ${offer.areaCode}`);
  await api.post(`property-location/${locationId}/phone-number`, { phoneNumber: number.phoneNumber });
}

/** The BFF's JSON API with the demo account's access token; any answer other than 2xx stops the seed with its message. */
class DemoApi {
  private readonly apiUrl: string;
  private readonly accessToken: string;
  readonly userId: string;

  private constructor(apiUrl: string, accessToken: string, userId: string) {
    this.apiUrl = apiUrl;
    this.accessToken = accessToken;
    this.userId = userId;
  }

  static async signIn(apiUrl: string, email: string, password: string): Promise<DemoApi> {
    const response = await fetch(`${apiUrl}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`signing in as ${email}: ${response.status} ${await response.text()}`);
    const session = (await response.json()) as { access_token: string; user: { id: string } };
    return new DemoApi(apiUrl, session.access_token, session.user.id);
  }

  get<T>(path: string): Promise<T> {
    return this.send<T>('GET', path);
  }

  post<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.send<T>('POST', path, body);
  }

  put<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.send<T>('PUT', path, body);
  }

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.apiUrl}/${path}`, {
      method,
      headers: { authorization: `Bearer ${this.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

function readMarker(file: string): SeedMarker | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SeedMarker;
  } catch {
    // A marker cut short by a crash is no marker: the name check still keeps what exists.
    return undefined;
  }
}

function writeMarker(file: string, marker: SeedMarker): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(marker, null, 2)}\n`);
}

const DAY_MS = 86_400_000;

/** A lease of `months` months ending `endsInDays` days from today: it started the day after the same date `months` earlier. */
export function leaseTerm(today: Date, endsInDays: number, months: number): { lease_start: string; lease_end: string } {
  const end = addDays(today, endsInDays);
  return { lease_start: isoDay(addDays(addMonths(end, -months), 1)), lease_end: isoDay(end) };
}

/** Today's calendar day in UTC, plus `days`: the expiring-leases window is counted in UTC days too. */
export function addDays(day: Date, days: number): Date {
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + days * DAY_MS);
}

/** The same day of the month `months` later or earlier, clamped to the month's last day (Mar 31 − 1 month = Feb 28). */
function addMonths(day: Date, months: number): Date {
  const target = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(day.getUTCDate(), lastDay)));
}

export function isoDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}
