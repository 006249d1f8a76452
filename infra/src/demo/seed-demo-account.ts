import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DemoApi } from './demo-api.ts';
import { type DemoBuilding, type DemoLocation, type DemoPartner, demoPortfolio, demoResident } from './demo-portfolio.data.ts';
import { type DemoConversationsResult, type DemoMessagingInputs, seedDemoConversations } from './seed-demo-conversations.ts';
import { type DemoCallsResult, seedDemoCalls } from './seed-demo-calls.ts';
import { type DemoDocumentInputs, type DemoDocumentsResult, fileFromDrive, seedDemoDocuments } from './seed-demo-documents.ts';
import { type DemoPaymentsInputs, type DemoPaymentsResult, seedDemoPayments } from './seed-demo-payments.ts';
import { type DemoPlanInputs, type DemoPlanResult, seedDemoPlan } from './seed-demo-plan.ts';
import { demoHomeDocuments, demoHomeOwner, pageLines } from './demo-home-owner.data.ts';
import { wordDocx } from './demo-document-files.ts';
import { demoPdf } from './seed-demo-conversations.ts';

export const DEMO_EMAIL = 'demo@pm.local';

export interface DemoSeedOptions {
  /** The BFF's API base, e.g. http://127.0.0.1:3000/api. */
  apiUrl: string;
  password: string;
  /**
   * The mail sink's REST API (maildev), where the seed reads what the platform e-mails its partners: the verification
   * link of the accounts it signs up and the invitation links they accept.
   */
  mailApiUrl: string;
  /**
   * Remembers that this demo account (by user id) was seeded, kept with the run's data: once seeded, whatever the
   * user does with the account (deleting, renaming) is left alone. A re-created account (new id) is seeded again.
   */
  markerFile: string;
  /** Lease dates are counted from this day (UTC). */
  today?: Date;
  portfolio?: readonly DemoLocation[];
  /**
   * Whether the demo resident asks Terri their questions at seeding: only when the assistant is up with verified
   * local models, so the stored answers are Terri's real ones (through the same calls the browser makes). Without
   * them the resident gets an account and a home, and no conversation.
   */
  terriConversation?: boolean;
  /**
   * Messaging's inputs (the SMS webhook and the SMTP receiver), when messaging is up: the demo's tenants then text
   * and e-mail the demo locations (seed-demo-conversations.ts). Without them the account has no conversations.
   */
  messaging?: DemoMessagingInputs;
  /**
   * The vault's inputs (the account's local cloud drive, and messaging's SMTP receiver for the e-mailed attachment),
   * when the vault is up: the demo locations then get their documents (seed-demo-documents.ts).
   */
  documents?: DemoDocumentInputs;
  /** The local Stripe, when payments is up: the demo units then get their rent and a year of it (seed-demo-payments.ts). */
  payments?: DemoPaymentsInputs;
  /** The local Paddle, when payments is up with it: the account is put on Professional in its trial (seed-demo-plan.ts). */
  plan?: DemoPlanInputs;
}

export type DemoSeedResult =
  | { status: 'already-seeded' }
  /** The account holds locations of its own (someone used it before it was ever seeded): nothing is added. */
  | { status: 'in-use' }
  | {
      status: 'seeded';
      created: string[];
      /** Locations of the account that already had a demo location's name. */
      kept: string[];
      /** The demo's past AI chat: how many questions it asked, or why it has none. */
      chat: { asked: number } | { skipped: string };
      /** The demo's SMS and e-mail threads, or why there are none. */
      conversations: DemoConversationsResult;
      /** The demo's inbound calls, placed through the sandbox phone. */
      calls: DemoCallsResult;
      /** The demo's vault documents, or why there are none. */
      documents: DemoDocumentsResult;
      /** The demo's rent: units with rent, payments made, whether payouts were connected now; or why there is none. */
      payments: DemoPaymentsResult;
      /** The demo account's plan (Professional, trialing), or why it has none. */
      plan: DemoPlanResult;
      /** The demo home owner's home (its location's name) and the house's documents, or why there are none. */
      homeOwner: DemoHomeOwnerResult;
    };

export interface DemoHomeOwnerResult {
  home: string;
  documents: DemoDocumentsResult;
}

/**
 * The demo's past AI chat session: real questions about Harbor View, asked through the chat's own call once the
 * portfolio is in, so the answers are the assistant's, from the demo's data. Without the AI model there is none.
 */
export const demoChatQuestions = ['How many units at Harbor View Apartments are vacant?', 'Which leases at Harbor View Apartments end in the next 90 days?'] as const;

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
 * locations, buildings, units, tenants with their leases, partner invitations, Q&A and rules), and as its partners
 * would answer (most accept their invitation with an account of their own). Idempotent: a marker file says the
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
    await seedLocation(api, location, today, { mailbox: new DemoMailbox(options.mailApiUrl), password: options.password });
    created.push(location.name);
  }
  if (created.includes(demoResident.locationName)) {
    await seedDemoResident(options.apiUrl, new DemoMailbox(options.mailApiUrl), options.password, options.terriConversation === true);
  }
  const chat = created.length > 0 ? await seedDemoChat(api) : { skipped: 'no demo location was added' };
  // For kept locations too: a start that stopped half-way through the threads finishes them; nothing is sent twice.
  const conversations = options.messaging ? await seedDemoConversations(api, options.messaging) : { skipped: 'messaging is not running (or not with the sandbox SMS provider)' };
  const calls = options.messaging ? await seedDemoCalls(api) : { skipped: 'messaging is not running (or not with the sandbox SMS provider)' };
  const documents = options.documents ? await seedDemoDocuments(api, options.documents, today, portfolio) : { skipped: 'the vault is not running' };
  const payments = options.payments ? await seedDemoPayments(api, options.payments, portfolio, today) : { skipped: 'payments is not running' };
  const plan = options.plan ? await seedDemoPlan(api) : { skipped: 'payments is not running with the Paddle sandbox' };
  // Every time the manager's account is seeded: the owner's sign-up, home and files are each found again, not repeated.
  const homeOwner = await seedDemoHomeOwner(options.apiUrl, new DemoMailbox(options.mailApiUrl), options.password, today, options.documents);
  writeMarker(options.markerFile, { userId: api.userId, seededAt: new Date().toISOString(), locations: [...kept, ...created] });
  return { status: 'seeded', created, kept, chat, conversations, calls, documents, payments, plan, homeOwner };
}

async function seedDemoChat(api: DemoApi): Promise<{ asked: number } | { skipped: string }> {
  const harborView = (await api.get<{ id: string; name: string }[]>('property-location/all')).find((location) => location.name === 'Harbor View Apartments');
  if (!harborView) return { skipped: 'Harbor View Apartments is not in the account' };
  let sessionId: string | undefined;
  for (const message of demoChatQuestions) {
    try {
      const answer = await api.post<{ session_id: string }>('simulation/communicate', { message, chat_type: 'general', location_id: harborView.id, ...(sessionId ? { session_id: sessionId } : {}) });
      sessionId = answer.session_id;
    } catch (error) {
      // The model missing or failing to load (503) is no reason to fail the seed: the platform runs without it.
      return { skipped: error instanceof Error ? error.message : String(error) };
    }
  }
  return { asked: demoChatQuestions.length };
}

async function seedLocation(api: DemoApi, location: DemoLocation, today: Date, partnersWith: { mailbox: DemoMailbox; password: string }): Promise<void> {
  const { id: locationId } = await api.post<{ id: string }>('property-location', {
    name: location.name,
    address_text: location.addressText,
    type: location.type,
    declared_units_count: location.declaredUnitsCount ?? null,
    is_rental_property: true,
  });
  const unitIds = new Map<string, string>();
  const buildingIds = new Map<string, string>();
  // A single-family home comes with its implicit building and unit (named after it): the data names them, and the
  // seed uses them as the platform made them rather than adding buildings the manager's screens never show.
  const implicitBuildings = await api.get<{ id: string; name: string }[]>(`building/all?location_id=${locationId}`);
  const implicitUnits = await api.get<{ id: string; name: string; building_id: string }[]>(`property-location/${locationId}/units`);
  for (const building of location.buildings) {
    const made = implicitBuildings.find((candidate) => candidate.name === building.name);
    const buildingId =
      made?.id ?? (await api.post<{ id: string }>('building', { name: building.name, property_location_id: locationId, address_text: building.addressText })).id;
    buildingIds.set(building.name, buildingId);
    for (const unit of building.units) {
      if (unitIds.has(unit)) throw new Error(`${location.name}: unit ${unit} is listed twice`);
      const madeUnit = implicitUnits.find((candidate) => candidate.name === unit && candidate.building_id === buildingId);
      unitIds.set(unit, madeUnit?.id ?? (await api.post<{ id: string }>('unit', { name: unit, building_id: buildingId })).id);
    }
  }
  const unlisted = implicitBuildings.filter((made) => !buildingIds.has(made.name));
  if (unlisted.length > 0) throw new Error(`${location.name}: the data does not name its implicit building ${unlisted.map((b) => b.name).join(', ')}`);

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

  for (const { fullName, email, phone, role } of location.partners) {
    await api.post('property-manager/with-user', { fullName, email, phone, role, locationId });
  }
  // Most partners accept, the way a person does: an account of their own (sign-up, the e-mailed verification link,
  // sign-in), then the invitation's link. The others stay pending invitations on the partners page.
  for (const partner of location.partners.filter((p) => p.invitation === 'accepted')) {
    const token = await partnersWith.mailbox.invitationToken(partner.email);
    const session = await partnerSession(api.apiUrl, partnersWith.mailbox, partner, partnersWith.password);
    await session.post(`partner-invitation/${encodeURIComponent(token)}/accept`, {});
    if (partner.emergencyContact) {
      const listed = await api.get<{ id: string; manager: { limitedUser: { email: string } } }[]>(`property-manager/all?location_id=${locationId}`);
      const { id } = listed.find((p) => p.manager.limitedUser.email.toLowerCase() === partner.email.toLowerCase()) ?? {};
      if (!id) throw new Error(`${location.name}: ${partner.fullName} accepted but is not listed as a partner`);
      const { fullName, email, phone, role } = partner;
      await api.put(`property-manager/${id}`, { full_name: fullName, email, phone, role, is_emergency_contact: true });
    }
  }
  for (const { question, answer } of location.questions) {
    await api.post('question', { location_id: locationId, question, answer });
  }
  for (const { description, expectedOutput } of location.rules) {
    await api.post('rule', { location_id: locationId, description, expected_output: expectedOutput });
  }
  for (const contact of location.contacts ?? []) {
    await api.post(`contacts?location_id=${locationId}`, { name: contact.name, role: contact.role, details: contact.details, location_ids: [locationId] });
  }
  // The number the platform offers first (its default area code is the location's own), as a manager would pick it.
  const offer = await api.get<{ areaCode: string; numbers: { phoneNumber: string }[] }>(`property-location/${locationId}/search-phone-number?limit=1`);
  if (offer.areaCode !== location.phoneAreaCode) throw new Error(`${location.name}: numbers offered in ${offer.areaCode}, not ${location.phoneAreaCode}`);
  const [number] = offer.numbers;
  if (!number) throw new Error(`${location.name}: no phone number available in ${offer.areaCode}`);
  await api.post(`property-location/${locationId}/phone-number`, { phoneNumber: number.phoneNumber });
  for (const building of location.buildings) await seedBuildingEmails(api, buildingIds.get(building.name)!, building);
}

/**
 * A building's signature and own e-mail wording, kept by messaging, which learns the building from portfolio's
 * event a moment after it is created: until then it answers 404, so each call is retried for a while.
 */
async function seedBuildingEmails(api: DemoApi, buildingId: string, building: DemoBuilding): Promise<void> {
  const calls: [string, unknown][] = [
    ...(building.signature ? [[`building/${buildingId}/signature`, { signature: building.signature }] as [string, unknown]] : []),
    ...(building.templates ?? []).map(({ slug, subject, body }): [string, unknown] => [`building/${buildingId}/email-templates/${slug}`, { subject, body }]),
  ];
  for (const [path, body] of calls) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await api.attempt('PUT', path, body);
      if (answer.status >= 200 && answer.status <= 299) break;
      if (answer.status !== 404 || Date.now() > deadline) throw new Error(`PUT ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * The demo resident (demoResident): a resident account with the tenant record's e-mail, the home at the tenant's
 * address and, when Terri can answer for real, their questions and Terri's replies, each awaited before the next.
 */
async function seedDemoResident(apiUrl: string, mailbox: DemoMailbox, password: string, converse: boolean): Promise<void> {
  const resident = await personSession(apiUrl, mailbox, demoResident, password, 'resident');
  await resident.post('user-property/byaddress', demoResident.home);
  if (!converse) return;
  for (const text of demoResident.questions) {
    const asked = await resident.post<{ id: string }>('chat/messages', { text });
    const deadline = Date.now() + 180_000;
    for (;;) {
      const { items } = await resident.get<{ items: { reply_to: string | null }[] }>('chat/messages?limit=10');
      if (items.some((item) => item.reply_to === asked.id)) break;
      if (Date.now() > deadline) throw new Error(`Terri did not answer "${text}" within 3 minutes`);
      await new Promise((done) => setTimeout(done, 1_000));
    }
  }
}

/**
 * The demo home owner (demo-home-owner.data.ts) as a person becomes one: signs up, verifies the address, says they
 * own their home (`PUT user/account-type`, home_owner), enters it by address (`POST user-property/byaddress`, which
 * finds the same home again on a second seed), then files the house's papers from their cloud drive into the vault
 * with the import panel's calls (a file filed before is kept, not filed twice).
 */
async function seedDemoHomeOwner(apiUrl: string, mailbox: DemoMailbox, password: string, today: Date, documents: DemoDocumentInputs | undefined): Promise<DemoHomeOwnerResult> {
  const owner = await personSession(apiUrl, mailbox, demoHomeOwner, password);
  await owner.put('user/account-type', { account_type: 'home_owner' });
  const home = await owner.post<{ id: string }>('user-property/byaddress', demoHomeOwner.home);
  const location = (await owner.get<{ id: string; name: string }[]>('property-location/all')).find((candidate) => candidate.id === home.id);
  if (!location) throw new Error(`${demoHomeOwner.email}: the home ${home.id} is not among their property locations`);
  if (!documents) return { home: location.name, documents: { skipped: 'the vault is not running' } };
  // The vault learns of the new home from portfolio's event a moment later; until then it refuses the home's files.
  for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const listed = await owner.attempt('GET', `vault/documents?property_location_id=${location.id}&limit=1`);
    if (listed.status === 200) break;
    if (Date.now() > deadline) throw new Error(`${demoHomeOwner.email}: the vault did not learn of their home within 30 s (${listed.status} ${JSON.stringify(listed.body)})`);
  }
  const year = today.getUTCFullYear();
  const files = demoHomeDocuments.map((document) => {
    const name = document.filename(year);
    const bytes = name.endsWith('.docx') ? wordDocx(name.replace(/\.docx$/, ''), document.lines(year)) : demoPdf({ filename: name, lines: pageLines(document.lines(year)) });
    return { folder: document.folder, name, bytes, locationId: location.id };
  });
  return { home: location.name, documents: await fileFromDrive(owner, documents, files) };
}

/**
 * A demo partner's own session: signed up with the demo account's password (so a newcomer can also look at the
 * product as that partner), the address verified through the link identity e-mailed, then signed in. An account an
 * earlier seed made (409 on sign-up) is only signed in.
 */
async function partnerSession(apiUrl: string, mailbox: DemoMailbox, partner: DemoPartner, password: string): Promise<DemoApi> {
  return personSession(apiUrl, mailbox, partner, password);
}

/** Signs up (as a resident when asked), verifies the address through the e-mailed link, signs in. */
async function personSession(
  apiUrl: string,
  mailbox: DemoMailbox,
  partner: { fullName: string; email: string },
  password: string,
  accountType?: 'resident',
): Promise<DemoApi> {
  const signUp = await fetch(`${apiUrl}/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      full_name: partner.fullName,
      email: partner.email,
      password,
      confirm_password: password,
      has_accepted_terms: true,
      ...(accountType ? { account_type: accountType } : {}),
    }),
  });
  if (signUp.status === 201) {
    const link = new URL(await mailbox.link(partner.email, /confirm your email/i, '/api/auth/verify-email'));
    // The link names the web app's public URL; the seed talks to the BFF itself, which answers the same path.
    const verified = await fetch(`${new URL(apiUrl).origin}${link.pathname}${link.search}`, { redirect: 'manual' });
    if (!verified.headers.get('location')?.includes('verified=1')) throw new Error(`verifying ${partner.email}: ${verified.status} ${verified.headers.get('location')}`);
  } else if (signUp.status !== 409) {
    throw new Error(`signing up ${partner.email}: ${signUp.status} ${await signUp.text()}`);
  }
  return DemoApi.signIn(apiUrl, partner.email, password);
}

interface SinkEmail {
  subject: string;
  to: { address: string }[];
  html?: string;
  text?: string;
}

/** What the platform e-mailed, read from the mail sink's REST API (maildev) as the recipient would read it. */
class DemoMailbox {
  private readonly apiUrl: string;

  constructor(apiUrl: string) {
    this.apiUrl = apiUrl;
  }

  /** The token of the newest partner invitation e-mailed to `address`. */
  async invitationToken(address: string): Promise<string> {
    const link = new URL(await this.link(address, /invited/i, '/partner-invitation/'));
    return decodeURIComponent(link.pathname.split('/').at(-1) ?? '');
  }

  /** The first link whose path starts with `pathPrefix` in the newest e-mail to `address` with a matching subject. */
  async link(address: string, subject: RegExp, pathPrefix: string): Promise<string> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await fetch(`${this.apiUrl}/email`);
      if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
      const newest = ((await response.json()) as SinkEmail[])
        .filter((mail) => subject.test(mail.subject) && mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
        .at(-1);
      const links = [...(newest?.html ?? newest?.text ?? '').matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
      const found = links.find((href) => new URL(href).pathname.startsWith(pathPrefix));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no e-mail to ${address} with a ${pathPrefix} link arrived in the mail sink`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
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
