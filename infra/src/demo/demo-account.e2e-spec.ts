import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vaultStagingDir } from '../apps/app-env.ts';
import { activeProfile } from '../profile.ts';
import { DEMO_CALL_GOODBYE, demoCalls } from './demo-calls.data.ts';
import { demoBulkSms, demoConversations, demoResolvedTicketThreadKey, demoUrgentThreadKey } from './demo-conversations.data.ts';
import { type DemoAccountClient, demoAccountClient, type InboxItem, inboxOf as inboxIn, localModelsVerified, threadItems } from './demo-account.testing.ts';
import { demoThreadDaysAgo, MESSAGE_GAP_MS } from './demo-history.data.ts';
import { demoHomeDocuments, demoHomeOwner } from './demo-home-owner.data.ts';
import { demoPortfolio, demoResident } from './demo-portfolio.data.ts';
import { addDays, isoDay, seedDemoAccount } from './seed-demo-account.ts';
import { demoMessagingInputs, e164 } from './seed-demo-conversations.ts';
import { leaseFileName } from './seed-demo-documents.ts';

/**
 * The demo account on the whole platform as `npm start` starts it (the orchestrator's e2e profile: throw-away data,
 * own ports), the one platform the browser journeys run on: the orchestrator seeds it once it is up; seeding again
 * adds nothing and leaves the user's changes. The platform tests' sequencer runs this file before every journey (the
 * journeys add messages and records of their own); the demo's drafts are checked in demo-drafts.e2e-spec.ts, after
 * the journeys, so that the model's backlog holds nothing up.
 */

let client: DemoAccountClient;
let api: string;
let token: string;
let password: string;
const markerDir = mkdtempSync(join(tmpdir(), 'pm-demo-seed-'));

beforeAll(async () => {
  client = await demoAccountClient();
  ({ api, token, password } = client);
});

afterAll(() => {
  rmSync(markerDir, { recursive: true, force: true });
});

const get = <T>(path: string): Promise<T> => client.get<T>(path);
const send = (method: string, path: string, body?: unknown): Promise<void> => client.send(method, path, body);
const inboxOf = (locationId: string): Promise<InboxItem[]> => inboxIn(client, locationId);

interface CallItem {
  from: string;
  status: string;
  tenant: { full_name: string } | null;
  turns: { transcript: string; kind: string; message_id: string | null }[];
}

async function callsOf(locationId: string): Promise<CallItem[]> {
  return (await get<{ items: CallItem[] }>(`inbound-call/all?location_id=${locationId}&limit=200`)).items;
}

/** What the seed's re-run must leave alone: every message, its state and how many draft versions it has. */
async function conversations(): Promise<string[]> {
  const rows: string[] = [];
  for (const location of await get<{ id: string }[]>('property-location/all')) {
    for (const item of await inboxOf(location.id)) {
      rows.push(`${item.external_id} ${item.session_id} ${item.status} replied=${item.replied_to} archived=${item.archived} v${item.draft?.version}`);
    }
  }
  return rows.sort();
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

  it("signs each building's e-mails and words Harbor View's invitation and renewal its own way", async () => {
    for (const location of await get<{ id: string; name: string }[]>('property-location/all')) {
      const data = demoPortfolio.find((l) => l.name === location.name)!;
      const buildings = await get<{ id: string; name: string }[]>(`building/all?location_id=${location.id}`);
      for (const building of data.buildings) {
        const { id } = buildings.find((b) => b.name === building.name)!;
        expect(await get(`building/${id}/signature`)).toEqual({ signature: building.signature ?? '' });
        const templates = await get<{ slug: string; subject: string; body: string }[]>(`building/${id}/email-templates`);
        for (const own of building.templates ?? []) expect(templates.find((t) => t.slug === own.slug)).toMatchObject({ subject: own.subject, body: own.body });
      }
    }
    expect(demoPortfolio[0]!.buildings.every((building) => building.signature)).toBe(true);
    expect(demoPortfolio[0]!.buildings[0]!.templates?.map((t) => t.slug)).toEqual(['tenant-invite', 'lease-renewal']);
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

  it("gives the demo home owner their portal: a home_owner account, their house on the Property Overview, the house's papers under Documents", async () => {
    const signIn = await fetch(`${api}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoHomeOwner.email, password }),
    });
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as { access_token: string; user: { account_type: string } };
    expect(session.user.account_type).toBe('home_owner');
    const headers = { authorization: `Bearer ${session.access_token}` };
    const ownerGet = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${api}/${path}`, { headers });
      expect(`${path} ${response.status}`).toBe(`${path} 200`);
      return (await response.json()) as T;
    };
    const { street, city, state, zip } = demoHomeOwner.home;
    expect(await ownerGet('user-property')).toMatchObject({ street, city, state, zipcode: zip });
    // The Property Overview's two lists, as HomeOwnerDashboardPage asks for them.
    const properties = await ownerGet<{ id: string; name: string; type: string; address_text: string }[]>('property-location/all');
    expect(properties).toEqual([expect.objectContaining({ name: street, type: 'SINGLE_FAMILY_HOME', address_text: `${street}, ${city}, ${state} ${zip}` })]);
    interface OwnerDocument {
      id: string;
      original_name: string;
      mime_type: string;
      metadata: { source: string };
    }
    const newest = (await ownerGet<{ items: OwnerDocument[] }>('vault/documents?sort=created_at&order=desc&limit=5')).items;
    const year = new Date().getUTCFullYear();
    expect(newest.map((document) => document.original_name)).toEqual(demoHomeDocuments.map((document) => document.filename(year)).reverse());
    expect(new Set(newest.map((document) => document.metadata.source))).toEqual(new Set(['cloud_drive']));
    expect(newest.find((document) => document.original_name.endsWith('.docx'))?.mime_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    // /documents/{id} opens each of them.
    for (const document of newest) expect(await ownerGet(`document/${document.id}`)).toMatchObject({ id: document.id, original_name: document.original_name });

    // The owner's house is theirs alone: the demo manager does not see it, nor its papers.
    const managerLocations = await get<{ id: string }[]>('property-location/all');
    expect(managerLocations.map((location) => location.id)).not.toContain(properties[0]!.id);
    const foreign = await fetch(`${api}/document/${newest[0]!.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect([403, 404]).toContain(foreign.status);
  });

  it('holds the SMS and e-mail threads at their locations, each message from its tenant or the unknown sender, e-mails threaded', async () => {
    const locations = await get<{ id: string; name: string }[]>('property-location/all');
    for (const location of locations) {
      const threads = demoConversations.filter((thread) => thread.locationName === location.name);
      // What tenants (and unknown senders) wrote; the vendor's conversation is checked on its own below. A demo call's
      // turn the team must take up is an inbound message too (of the caller's SMS thread): set apart.
      const fromCalls = new Set((await callsOf(location.id)).flatMap((call) => call.turns.map((turn) => turn.message_id)).filter(Boolean));
      const items = (await get<{ items: InboxItem[] }>(`conversation/inbox?location_id=${location.id}&from=tenants&limit=200`)).items.filter((item) => !fromCalls.has(item.id));
      expect(items).toHaveLength(threads.reduce((sum, thread) => sum + thread.messages.length, 0));
      const threadSessions = new Set(items.map((item) => item.session_id));
      const sessions = (await get<{ items: { session_id: string; subject: string | null }[] }>(`message-session/all?location_id=${location.id}&limit=200`)).items.filter(
        (session) => threadSessions.has(session.session_id),
      );
      expect(sessions).toHaveLength(threads.length);
      for (const thread of threads) {
        const messages = threadItems(items, thread);
        // Compared word by word: e-mail bodies travel with CRLF line ends.
        const words = (text: string) => text.replace(/\s+/g, ' ').trim();
        expect(messages.map((item) => words(item.message))).toEqual(thread.messages.map((m) => words(typeof m === 'string' ? m : m.text)));
        // One session per tenant and channel, and an e-mail's answer joins the message it answers.
        expect(new Set(messages.map((item) => item.session_id)).size).toBe(1);
        const data = demoPortfolio.find((l) => l.name === thread.locationName)!;
        if ('tenant' in thread.from) {
          const tenant = data.tenants.find((t) => t.fullName === (thread.from as { tenant: string }).tenant)!;
          for (const item of messages) {
            expect(item.tenant?.full_name).toBe(tenant.fullName);
            expect(item.from).toBe(thread.channel === 'sms' ? e164(tenant.phone!) : tenant.email);
          }
        } else {
          for (const item of messages) expect([item.tenant, item.from]).toEqual([null, e164(thread.from.unknownPhone)]);
        }
        if (thread.channel === 'email') expect(sessions.find((session) => session.session_id === messages[0]!.session_id)?.subject).toBe(thread.subject);
      }
    }
  });

  it('dates the threads over the past weeks, as their senders sent them (the demo history), oldest first', async () => {
    const locations = await get<{ id: string; name: string }[]>('property-location/all');
    const firsts: number[] = [];
    for (const thread of demoConversations) {
      const location = locations.find((l) => l.name === thread.locationName)!;
      const messages = threadItems(await inboxOf(location.id), thread);
      const times = messages.map((item) => Date.parse(item.created_at));
      // Seeded at start-up, less than an hour ago: the first message the history's days before that, the next ones
      // MESSAGE_GAP_MS apart.
      const days = demoThreadDaysAgo[thread.key]! * 24 * 3_600_000;
      expect(Date.now() - times[0]!).toBeGreaterThanOrEqual(days - 1_000);
      expect(Date.now() - times[0]!).toBeLessThan(days + 60 * 60_000);
      expect(times.slice(1).map((time, i) => time - times[i]!)).toEqual(times.slice(1).map(() => MESSAGE_GAP_MS));
      firsts.push(times[0]!);
    }
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
    // A few weeks: the oldest thread began more than three weeks ago.
    expect(Date.now() - firsts[0]!).toBeGreaterThan(21 * 24 * 3_600_000);
  });

  it("logs the demo's calls under Inbound Calls: the caller (the tenant, or a stranger), every sentence, completed with its goodbye", async () => {
    const locations = await get<{ id: string; name: string }[]>('property-location/all');
    for (const call of demoCalls) {
      const location = locations.find((l) => l.name === call.locationName)!;
      const from = e164('tenant' in call.from ? demoPortfolio.find((l) => l.name === call.locationName)!.tenants.find((t) => t.fullName === (call.from as { tenant: string }).tenant)!.phone! : call.from.unknownPhone);
      const logged = (await callsOf(location.id)).filter((c) => c.from === from && c.turns[0]?.transcript === call.speech[0]);
      expect(logged).toHaveLength(1);
      const [placed] = logged;
      expect(placed!.turns.map((turn) => turn.transcript)).toEqual([...call.speech, DEMO_CALL_GOODBYE]);
      expect(placed!.turns.at(-1)!.kind).toBe('goodbye');
      expect(placed!.status).toBe('completed');
      expect(placed!.tenant?.full_name ?? null).toBe('tenant' in call.from ? call.from.tenant : null);
    }
  });

  it("puts tickets on the board: the leak open and urgent, the dishwasher repair resolved; the leak's emergency contacts notified", async () => {
    const harborView = (await get<{ id: string; name: string }[]>('property-location/all')).find((l) => l.name === 'Harbor View Apartments')!;
    const items = await inboxOf(harborView.id);
    const leak = threadItems(items, demoConversations.find((thread) => thread.key === demoUrgentThreadKey)!).at(-1)!;
    const repair = threadItems(items, demoConversations.find((thread) => thread.key === demoResolvedTicketThreadKey)!).at(-1)!;
    type Ticket = { sms_id: string | null; email_id: string | null; urgent: boolean; resolved: boolean };
    const column = async (status: string) => (await get<{ items: Ticket[] }>(`ticket/all?location_id=${harborView.id}&status=${status}&limit=200`)).items;
    expect((await column('open')).find((ticket) => ticket.sms_id === leak.id)).toMatchObject({ urgent: true, resolved: false });
    expect((await column('resolved')).find((ticket) => ticket.email_id === repair.id)).toMatchObject({ urgent: false, resolved: true });
    const sentEmails = (await get<{ items: { purpose: string; to: string }[] }>(`email/sent?location_id=${harborView.id}&filter_by=all&limit=200`)).items;
    const contacts = demoPortfolio[0]!.partners.filter((partner) => partner.emergencyContact && partner.invitation === 'accepted').map((partner) => partner.email);
    expect(sentEmails.filter((sent) => sent.purpose === 'emergency_notification').map((sent) => sent.to).sort()).toEqual(expect.arrayContaining(contacts));
  });

  it("lists the bulk SMS to Cedar Street's tenants under Sent SMS, one per tenant with a phone", async () => {
    const location = (await get<{ id: string; name: string }[]>('property-location/all')).find((l) => l.name === demoBulkSms.locationName)!;
    const sent = (await get<{ items: { purpose: string; message: string; to: string }[] }>(`sms/sent?location_id=${location.id}&filter_by=all&limit=200`)).items;
    const tenants = demoPortfolio.find((l) => l.name === demoBulkSms.locationName)!.tenants.filter((tenant) => tenant.phone);
    expect(sent.filter((item) => item.purpose === 'bulk' && item.message === demoBulkSms.message).map((item) => item.to).sort()).toEqual(tenants.map((tenant) => e164(tenant.phone!)).sort());
  });

  it('shows the replies sent and the threads archived once messaging answers those calls (skipped, and still waiting, before)', async () => {
    const locations = await get<{ id: string; name: string }[]>('property-location/all');
    for (const kind of ['reply', 'archive'] as const) {
      for (const thread of demoConversations.filter((t) => t.actions.some((a) => a.kind === kind))) {
        const location = locations.find((l) => l.name === thread.locationName)!;
        const last = threadItems(await inboxOf(location.id), thread).at(-1)!;
        // The Sent lists come with the sending feature: whether they answer says whether replies and archives can.
        const sent = await fetch(`${api}/${thread.channel}/sent?location_id=${location.id}&limit=1`, { headers: { authorization: `Bearer ${token}` } });
        const answered = sent.status === 200;
        if (kind === 'reply') expect([last.replied_to, last.status]).toEqual(answered ? [true, 'done'] : [false, 'needs_response']);
        else expect([last.archived, last.status]).toEqual(answered ? [true, 'done'] : [false, 'needs_response']);
      }
    }
  });

  it("holds Harbor View's vendor conversation (the plumber's text, the team's answer) and a group conversation with a relayed answer", async () => {
    const harborView = (await get<{ id: string; name: string }[]>('property-location/all')).find((l) => l.name === 'Harbor View Apartments')!;
    type Conversation = { id: string; kind: string; friendly_name: string; participants: { phoneNumber: string }[]; messages: { items: { direction: string; role: string }[] } };
    const [vendor] = (await get<{ items: Conversation[] }>(`conversation/vendor?location_id=${harborView.id}`)).items;
    expect(vendor).toMatchObject({ kind: 'vendor', friendly_name: 'Pacific Coast Plumbing' });
    const vendorThread = await get<Conversation>(`conversation/${vendor!.id}`);
    expect(vendorThread.messages.items.map((m) => `${m.direction} ${m.role}`)).toEqual(['outbound property_manager', 'inbound vendor']);
    const group = (await get<{ items: Conversation[] }>(`conversation/all?location_id=${harborView.id}`)).items.find((c) => c.kind === 'group')!;
    expect(group).toMatchObject({ friendly_name: 'Roof inspection, Building A', participants: [{ phoneNumber: e164('(619) 555-0183') }, { phoneNumber: e164('(619) 555-0184') }] });
    const groupThread = await get<Conversation>(`conversation/${group.id}`);
    expect(groupThread.messages.items.map((m) => `${m.direction} ${m.role}`)).toEqual(['inbound participant', 'outbound property_manager']);
  });

  it("files each location's documents: its lease from the drive, the first location's inspection report and house rules, and the e-mailed repair invoice", async () => {
    interface VaultDocument {
      original_name: string;
      mime_type: string;
      metadata: { source: string };
    }
    const locations = await get<{ id: string; name: string }[]>('property-location/all');
    const documentsOf = async (locationId: string) => (await get<{ items: VaultDocument[] }>(`vault/documents?property_location_id=${locationId}&limit=200`)).items;
    for (const [index, location] of demoPortfolio.entries()) {
      const id = locations.find((l) => l.name === location.name)!.id;
      const tenant = location.tenants[0]!;
      const names = (await documentsOf(id)).map((doc) => `${doc.metadata.source} ${doc.original_name}`).sort();
      const lease = `cloud_drive ${leaseFileName(location, tenant)}`;
      if (index !== 0) {
        expect(names).toEqual([lease]);
        continue;
      }
      expect(names).toEqual(expect.arrayContaining([lease, `cloud_drive Move-in inspection - ${location.name} ${tenant.unit}.pdf`, `cloud_drive House rules - ${location.name}.docx`]));
      // The invoice a tenant e-mailed (the demo conversations) travels through messaging's SMTP receiver and its event.
      let emailed: VaultDocument | undefined;
      for (const deadline = Date.now() + 60_000; !emailed && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 1_000))) {
        emailed = (await documentsOf(id)).find((doc) => doc.metadata.source === 'email');
      }
      expect(emailed).toMatchObject({ original_name: 'dishwasher-repair-invoice.pdf', mime_type: 'application/pdf' });
    }
  });

  it("lists Harbor View's contacts on the Contacts page, each with their document linked to them in the vault", async () => {
    const harborView = (await get<{ id: string; name: string }[]>('property-location/all')).find((l) => l.name === 'Harbor View Apartments')!;
    const contacts = await get<{ id: string; name: string }[]>(`contacts?location_id=${harborView.id}`);
    const expected = demoPortfolio[0]!.contacts ?? [];
    expect(contacts.map((contact) => contact.name).sort()).toEqual(expected.map((contact) => contact.name).sort());
    for (const contact of expected) {
      const { id } = contacts.find((c) => c.name === contact.name)!;
      const documents = (await get<{ items: { original_name: string; category_id: number | null }[] }>(`contacts/${id}/documents?location_id=${harborView.id}`)).items;
      expect(documents.map((document) => document.original_name)).toEqual([contact.document!.filename]);
    }
  });

  it('adds nothing when seeded again, and leaves what the user changed', async () => {
    const [harborView] = await get<{ id: string; name: string }[]>('property-location/all');
    const [first] = (await get<{ items: { id: string; full_name: string; contacts: unknown }[] }>(`tenant/location/${harborView!.id}?limit=1`)).items;
    await send('PUT', `tenant/${first!.id}`, { full_name: 'Maria Gonzalez-Ortiz', contacts: first!.contacts });
    const [question] = await get<{ id: string; question: string; answer: string }[]>(`question/all?location_id=${harborView!.id}`);
    await send('DELETE', `question/${question!.id}`);
    const before = await portfolio();
    const conversationsBefore = await conversations();
    const vaultDocuments = async () => (await get<{ items: { id: string }[] }>(`vault/documents?property_location_id=${harborView!.id}&limit=200`)).items.map((doc) => doc.id).sort();
    const documentsBefore = await vaultDocuments();

    // A start that never finished writing its marker: every demo location is found by name and kept as it is.
    const markerFile = join(markerDir, 'demo-seed.json');
    const messaging = demoMessagingInputs(activeProfile({ ...process.env, PM_PROFILE: 'e2e' }))!;
    const documents = { stagingDir: vaultStagingDir() };
    const payments = { stripeUrl: process.env['E2E_STRIPE_URL']! };
    const plan = { paddleUrl: process.env['E2E_PADDLE_URL']! };
    expect(await seedDemoAccount({ apiUrl: api, password, markerFile, mailApiUrl: client.mailApiUrl, messaging, documents, payments, plan })).toEqual({
      status: 'seeded',
      created: [],
      kept: demoPortfolio.map((location) => location.name),
      // The demo's AI chat is asked only along with a location it adds.
      chat: { skipped: 'no demo location was added' },
      // Every message sent again is known by its MessageSid or Message-ID; no action is taken twice.
      conversations: {
        messages: demoConversations.reduce((sum, thread) => sum + thread.messages.length, 0),
        done: [],
        skipped: expect.any(Array),
      },
      // Each call is found under Inbound Calls by its caller and first sentence: none is placed twice.
      calls: { placed: [], kept: demoCalls.map((call) => call.key) },
      // Every file the drive holds was assigned by the first seed: none is staged, none filed again.
      documents: { filed: [], kept: expect.any(Number) },
      // Payouts already connected, every let unit's rent already set: no unit is given rent or payments twice.
      payments: { units: 0, payments: 0, recurring: 0, connected: false },
      // On Professional in its trial since the first seed: no second checkout.
      plan: { plan: 'professional', status: 'trialing', trialEndsAt: expect.any(String), subscribed: false },
      // The home owner signs in again (already signed up), finds their home by its address and files nothing twice.
      homeOwner: { home: demoHomeOwner.home.street, documents: { filed: [], kept: demoHomeDocuments.length } },
    });
    expect(await portfolio()).toEqual(before);
    expect(await conversations()).toEqual(conversationsBefore);
    expect(await vaultDocuments()).toEqual(documentsBefore);

    // Seeded once for this account: a renamed location is not brought back under its old name.
    await send('PUT', `property-location/${harborView!.id}`, { name: 'Harbor View', address_text: '1450 Harbor View Drive, San Diego, CA 92101' });
    expect(await seedDemoAccount({ apiUrl: api, password, markerFile, mailApiUrl: client.mailApiUrl })).toEqual({ status: 'already-seeded' });
    const after = await portfolio();
    expect(after.map((location) => location.name)).toEqual(['Harbor View', 'Cedar Street Fourplex', '4127 Sycamore Lane']);
    expect(after.slice(1)).toEqual(before.slice(1));
    expect((await get<{ full_name: string }>(`tenant/${first!.id}`)).full_name).toBe('Maria Gonzalez-Ortiz');
    expect((await get<unknown[]>(`question/all?location_id=${harborView!.id}`)).length).toBe(demoPortfolio[0]!.questions.length - 1);

    // Never seeded by this run, but holding a location that is not a demo one: the account is someone's, left alone.
    expect(await seedDemoAccount({ apiUrl: api, password, markerFile: join(markerDir, 'fresh', 'demo-seed.json'), mailApiUrl: client.mailApiUrl })).toEqual({ status: 'in-use' });
    expect(await portfolio()).toEqual(after);

    // The journeys that run next on this platform find the demo as it was seeded: the changes are undone.
    await send('PUT', `property-location/${harborView!.id}`, { name: harborView!.name, address_text: '1450 Harbor View Drive, San Diego, CA 92101' });
    await send('PUT', `tenant/${first!.id}`, { full_name: first!.full_name, contacts: first!.contacts });
    await send('POST', 'question', { location_id: harborView!.id, question: question!.question, answer: question!.answer });
    expect((await portfolio()).map((location) => location.name)).toEqual(demoPortfolio.map((location) => location.name));
  }, 120_000);
});
