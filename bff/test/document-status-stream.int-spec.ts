import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { waitFor } from '@pm/testing';
import { DocumentStatusStream } from '@pm/contracts';
import { createLocationForVault, type PlatformSession, signUpPropertyManager } from './support/property-manager.js';
import { uploadDocument } from './support/document-uploads.js';
import { SseTestClient } from './support/sse-test-client.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(240_000);

/**
 * GET document/status-stream on the whole test platform: the vault's DocumentStatusChanged reaches whoever reaches the
 * document's location, a document waiting for its location reaches its account, and another account receives none.
 */
let platform: TestPlatform;
let manager: PlatformSession;
let stranger: PlatformSession;
let locationId: string;
const clients: SseTestClient[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  [manager, stranger] = [await signUpPropertyManager(platform.baseUrl, 'Robin Status'), await signUpPropertyManager(platform.baseUrl, 'Sam Stranger')];
  locationId = await createLocationForVault(platform.baseUrl, manager, 'Status Court');
  // The vault learns of the location from portfolio's event: an upload before that answers its 404 (red once in CI).
  const documents = `${platform.baseUrl}/api/vault/documents?property_location_id=${locationId}`;
  await waitFor(async () => (await fetch(documents, { headers: { authorization: manager.authorization } })).ok, { timeout: 30_000, description: 'vault knows the location' });
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.close();
  await platform?.stop();
});

async function open(session: PlatformSession): Promise<SseTestClient> {
  const client = await SseTestClient.open(`${platform.baseUrl}/api/${DocumentStatusStream.path}`, { authorization: session.authorization });
  clients.push(client);
  expect(client.response.status).toBe(200);
  await client.comment('connected', 10_000);
  return client;
}

async function upload(session: PlatformSession, locationIds: string[]): Promise<string> {
  const bytes = Buffer.from(`%PDF-1.4\n% ${randomBytes(16).toString('hex')}\n%%EOF\n`, 'latin1');
  return (await uploadDocument(platform.baseUrl, session, { bytes, fileName: 'Statement.pdf', locationIds })).id;
}

/** The stream's events until one about `documentId` arrives; fails when none does. */
async function eventAbout(client: SseTestClient, documentId: string): Promise<Record<string, unknown>> {
  for (;;) {
    const frame = await client.next(15_000);
    expect(frame.event).toBe('status');
    const data = DocumentStatusStream.data.parse(JSON.parse(frame.data!));
    if (data.document_id === documentId) return data;
  }
}

it("carries a location's and a pending document's status to their account, and nothing of them to another account", async () => {
  const ofManager = await open(manager);
  const ofStranger = await open(stranger);
  const located = await upload(manager, [locationId]);
  const pending = await upload(manager, []);
  expect(await eventAbout(ofManager, located)).toMatchObject({ document_id: located, status: expect.any(String), progress: expect.any(Number), property_location_id: locationId });
  expect(await eventAbout(ofManager, pending)).toMatchObject({ document_id: pending, property_location_id: null });

  // The stranger's own upload comes after the manager's: every event before it in their stream would be the manager's.
  const theirs = await upload(stranger, []);
  const first = await ofStranger.next(15_000);
  expect(DocumentStatusStream.data.parse(JSON.parse(first.data!))).toMatchObject({ document_id: theirs, property_location_id: null });
});

it('refuses the stream without a token', async () => {
  const response = await fetch(`${platform.baseUrl}/api/${DocumentStatusStream.path}`, { headers: { accept: 'text/event-stream' } });
  expect(response.status).toBe(401);
});
