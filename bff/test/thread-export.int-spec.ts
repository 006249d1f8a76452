import { jest } from '@jest/globals';
import { ThreadExportSchema, type ThreadExport } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { expiredIssueTime, reissuedLink } from './support/download-links.js';
import { callPlatform, signIn, signOut, signUpPropertyManager, type PlatformSession } from './support/property-manager.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(240_000);

/**
 * The sandbox phone and the thread export through the BFF, on the whole test platform (identity, portfolio,
 * messaging, the assistant without its models): a manager gives their location a number, texts it and calls it from
 * the sandbox phone, and downloads the thread as JSON and as a PDF; another account's manager gets 404.
 */
let platform: TestPlatform;
let manager: PlatformSession;
let number: string;
let locationId: string;
/** The thread the first test exported. */
let exported: { sessionId: string; finalHash: string };
const tester = '+15557770002';

const api = <T>(path: string, init: Parameters<typeof callPlatform>[2] = {}) => callPlatform<T>(platform.baseUrl, path, init);

beforeAll(async () => {
  platform = await startTestPlatform();
  manager = await signUpPropertyManager(platform.baseUrl, 'Robin Export');
  const location = await api<{ id: string }>('property-location', {
    body: { name: 'Export Court', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true },
    session: manager,
  });
  expect(location.status).toBe(201);
  locationId = location.body.id;
  const offered = await api<{ numbers: { phoneNumber: string }[] }>(`property-location/${locationId}/search-phone-number`, { session: manager });
  expect(offered.status).toBe(200);
  const assigned = await api(`property-location/${locationId}/phone-number`, { body: { phoneNumber: offered.body.numbers[0]!.phoneNumber }, session: manager });
  expect(assigned.status).toBe(200);
  number = await waitFor(
    async () => (await api<{ numbers: { phone_number: string }[] }>('sandbox/phone/numbers', { session: manager })).body.numbers[0]?.phone_number,
    { timeout: 30_000, description: 'the number known to messaging' },
  );
});

afterAll(async () => {
  await platform?.stop();
});

async function download(path: string, session?: PlatformSession): Promise<Response> {
  return fetch(`${platform.baseUrl}/api/${path}`, { headers: session ? { authorization: session.authorization } : {} });
}

it('texts and calls the number from the sandbox phone, then downloads the thread as JSON and as a PDF with its final hash', async () => {
  expect((await api('sandbox/phone/sms', { body: { to: number, from: tester, body: 'Is there a spare key service?' }, session: manager })).status).toBe(201);
  const call = await api<{ greeting: string; answer: string; ended: boolean }>('sandbox/phone/call', { body: { to: number, from: tester, speech: 'Is the laundry room open late?' }, session: manager });
  expect(call.status).toBe(201);
  expect(call.body.greeting).toContain('Thank you for calling Export Court.');
  // The assistant runs without its models here: it answers 503 and the caller hears the holding line.
  expect(call.body.answer).toContain("I've passed your message to the team; someone will get back to you.");
  const calls = await api<{ items: { turns: { transcript: string }[] }[] }>(`inbound-call/all?location_id=${locationId}`, { session: manager });
  expect(calls.body.items[0]!.turns[0]!.transcript).toBe('Is the laundry room open late?');
  const conversation = await api<{ messages: { direction: string; body: string }[] }>(`sandbox/phone/messages?phone=${encodeURIComponent(tester)}`, { session: manager });
  expect(conversation.body.messages.map((m) => [m.direction, m.body])).toEqual([
    ['sent', 'Is there a spare key service?'],
    ['sent', 'Is the laundry room open late?'],
  ]);

  const sessions = await api<{ items: { session_id: string }[] }>(`message-session/all?location_id=${locationId}`, { session: manager });
  const sessionId = sessions.body.items[0]!.session_id;

  // The thread settles before it is exported twice: each message's draft is attempted after it is stored (here it
  // fails, the assistant having no models), and a draft's status is part of what the chain hashes. Settled: no draft
  // pending, and the same final hash read twice.
  let previousHash: string | undefined;
  const json = await waitFor(
    async () => {
      const response = await download(`message-session/${sessionId}/export?format=json`, manager);
      const settled: ThreadExport = ThreadExportSchema.parse(await response.clone().json());
      const pending = settled.entries.some((entry) => entry.kind === 'message' && entry.draft_versions.some((version) => version.status === 'pending'));
      const stable = settled.final_hash === previousHash;
      previousHash = settled.final_hash;
      return !pending && stable ? response : undefined;
    },
    { timeout: 30_000, description: 'the thread settled (no draft pending, the same final hash twice)' },
  );
  expect(json.status).toBe(200);
  expect(json.headers.get('content-type')).toMatch(/^application\/json/);
  expect(json.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="thread-${sessionId}-\\d{8}-\\d{6}\\.json"`));
  expect(json.headers.get('content-security-policy')).toBe('sandbox');
  const record: ThreadExport = ThreadExportSchema.parse(await json.json());
  expect(record.entries.map((entry) => entry.kind === 'message' && entry.body)).toEqual(['Is there a spare key service?', 'Is the laundry room open late?']);

  const pdf = await download(`message-session/${sessionId}/export?format=pdf`, manager);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="thread-.*\.pdf"/);
  expect(pdf.headers.get('content-security-policy')).toBe('sandbox');
  expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
  const bytes = Buffer.from(await pdf.arrayBuffer());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The chain covers the entries, not the export's time: the same thread gives the same final hash.
  // (In the document's Subject, a PDF literal string: its parentheses escaped.)
  expect(bytes.toString('latin1')).toContain(`(Final hash \\(SHA-256\\): ${record.final_hash})`);

  // The user's access token is never taken from the URL: a link carries a download link token (below).
  const token = manager.authorization.slice('Bearer '.length);
  expect((await download(`message-session/${sessionId}/export?format=pdf&token=${encodeURIComponent(token)}`)).status).toBe(401);
  expect((await download(`message-session/${sessionId}/export?format=pdf`)).status).toBe(401);
  exported = { sessionId, finalHash: record.final_hash };
  const bad = await download(`message-session/${sessionId}/export?format=xml`, manager);
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ statusCode: 400, message: 'Format must be json or pdf' });

  const stranger = await signUpPropertyManager(platform.baseUrl, 'Sam Stranger');
  const refused = await download(`message-session/${sessionId}/export?format=pdf`, stranger);
  expect(refused.status).toBe(404);
  expect(await refused.json()).toMatchObject({ statusCode: 404, message: 'Message session not found' });
  expect((await api('sandbox/phone/sms', { body: { to: number, from: tester, body: 'Hello' }, session: stranger })).status).toBe(404);
});

describe('a download link of a thread export', () => {
  const issue = (session: PlatformSession, format = 'pdf') =>
    callPlatform<{ token: string; expires_at: string; url: string }>(platform.baseUrl, `message-session/${exported.sessionId}/export/download-token?format=${format}`, { method: 'POST', session });

  it('opens the export of that thread in that format for five minutes, sandboxed, with no access token in the URL', async () => {
    const issued = await issue(manager);
    expect(issued.status).toBe(200);
    expect(issued.body.url).toBe(`message-session/${exported.sessionId}/export?format=pdf&token=${issued.body.token}`);
    expect(issued.body.url).not.toContain(manager.authorization.slice('Bearer '.length));
    const expiresIn = Date.parse(issued.body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
    const pdf = await download(issued.body.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="thread-${exported.sessionId}-\\d{8}-\\d{6}\\.pdf"`));
    expect(pdf.headers.get('content-security-policy')).toBe('sandbox');
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain(`(Final hash \\(SHA-256\\): ${exported.finalHash})`);
    // Opened again within its life, the same export.
    expect((await download(issued.body.url)).status).toBe(200);

    const json = await issue(manager, 'json');
    const record = await download(json.body.url);
    expect(record.status).toBe(200);
    expect(record.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ThreadExportSchema.parse(await record.json()).final_hash).toBe(exported.finalHash);
    expect((await issue(manager, 'xml')).status).toBe(400);
  });

  it('opens nothing else: the other format, another thread, an attachment, or altered', async () => {
    const { token } = (await issue(manager)).body;
    const other = '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1';
    for (const path of [
      `message-session/${exported.sessionId}/export?format=json&token=${token}`,
      `message-session/${other}/export?format=pdf&token=${token}`,
      `message/${exported.sessionId}/attachment/${other}?token=${token}`,
      `message-session/${exported.sessionId}/export?format=pdf&token=${token.slice(0, -2)}xx`,
    ]) {
      const refused = await download(path);
      expect([path, refused.status]).toEqual([path, 401]);
    }
  });

  it('is not issued to another account (404) or without a session (401)', async () => {
    const stranger = await signUpPropertyManager(platform.baseUrl, 'Sam Other');
    expect((await issue(stranger)).status).toBe(404);
    expect((await callPlatform(platform.baseUrl, `message-session/${exported.sessionId}/export/download-token?format=pdf`, { method: 'POST' })).status).toBe(401);
  });

  it('stops working once it has expired, and after its session signs out', async () => {
    const path = `message-session/${exported.sessionId}/export?format=pdf`;
    const { token } = (await issue(manager)).body;
    expect((await download(`${path}&token=${reissuedLink(platform, manager, token, Date.now())}`)).status).toBe(200);
    expect((await download(`${path}&token=${reissuedLink(platform, manager, token, expiredIssueTime())}`)).status).toBe(401);

    const device = await signIn(platform.baseUrl, manager.email!);
    const link = (await issue(device)).body.url;
    expect((await download(link)).status).toBe(200);
    await signOut(platform.baseUrl, device);
    await waitFor(async () => ((await download(link)).status === 401 ? true : undefined), { timeout: 10_000, description: 'the link refused after sign-out' });
  });
});

describe('the payments downloads: a unit ledger as CSV, the monthly owner statement as PDF and CSV', () => {
  let unitId: string;
  const month = new Date().toISOString().slice(0, 7);
  const thisMonthDay = (day: number) => `${month}-${String(day).padStart(2, '0')}`;

  beforeAll(async () => {
    const building = await api<{ id: string }>('building', { body: { name: 'Building A', property_location_id: locationId, address_text: '12 Elm Street' }, session: manager });
    const unit = await api<{ id: string }>('unit', { body: { name: '1A', building_id: building.body.id }, session: manager });
    unitId = unit.body.id;
    // Payments learns the unit from portfolio's events.
    const set = await waitFor(
      async () => {
        const answer = await api(`unit/${unitId}/rent-details`, { method: 'PUT', body: { amount: 150_000, due_day: 1, start_date: thisMonthDay(1) }, session: manager });
        return answer.status === 200 ? answer : undefined;
      },
      { timeout: 30_000, description: 'rent set on the unit' },
    );
    expect(set.status).toBe(200);
    const paid = await api(`unit/${unitId}/payment`, { body: { amount: 100_000, method: 'check', paid_on: thisMonthDay(1), reference: '=SUM(A1)' }, session: manager });
    expect(paid.status).toBe(201);
  });

  it("downloads the unit's ledger as CSV", async () => {
    const csv = await download(`unit/${unitId}/ledger/export`, manager);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="ledger-.*\.csv"/);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('Date,Description,Kind,Method,Status,Charges,Payments,Balance');
    expect(lines).toContain(`${thisMonthDay(1)},${new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })} rent,charge,,,1500.00,,1500.00`);
    expect(lines).toContain(`${thisMonthDay(1)},Payment (check): =SUM(A1),payment,check,completed,,1000.00,500.00`);
  });

  it("downloads the month's owner statement as a PDF and as CSV, by a link too, and refuses what it should", async () => {
    const pdf = await download(`property-location/${locationId}/owner-statement/export?month=${month}`, manager);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="owner-statement-Export-Court-${month}\\.pdf"`));
    expect(pdf.headers.get('content-security-policy')).toBe('sandbox');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(Owner statement Export Court ${month})`);

    const csv = await download(`property-location/${locationId}/owner-statement/export?month=${month}&format=csv`, manager);
    const rows = (await csv.text()).split('\r\n');
    expect(rows).toContain('Building A Unit 1A,0.00,1500.00,1000.00,500.00,1000.00,0.00'.replace('Building A Unit 1A', '"Building A, Unit 1A"'));
    expect(rows).toContain('Total,0.00,1500.00,1000.00,500.00,1000.00,0.00');

    const issued = await callPlatform<{ url: string }>(platform.baseUrl, `property-location/${locationId}/owner-statement/export/download-token?month=${month}&format=csv`, { method: 'POST', session: manager });
    expect(issued.status).toBe(200);
    expect((await download(issued.body.url)).status).toBe(200);

    const future = await download(`property-location/${locationId}/owner-statement/export?month=2099-12`, manager);
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({ message: 'A statement can only be made for this month or an earlier one' });
    expect((await download(`property-location/${locationId}/owner-statement/export?month=2026-13`, manager)).status).toBe(400);
    expect((await download(`property-location/${locationId}/owner-statement/export?month=${month}&format=xls`, manager)).status).toBe(400);
    expect((await download(`property-location/${locationId}/owner-statement/export?month=${month}`)).status).toBe(401);
    const stranger = await signUpPropertyManager(platform.baseUrl, 'Sam Statement');
    expect((await download(`property-location/${locationId}/owner-statement/export?month=${month}`, stranger)).status).toBe(404);
    expect((await download(`unit/${unitId}/ledger/export`, stranger)).status).toBe(404);
  });
});
