import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { waitFor } from '@pm/testing';
import { connect } from 'node:net';
import { expiredIssueTime, reissuedLink } from './support/download-links.js';
import { callPlatform, signIn, signOut, signUpPropertyManager, type PlatformSession } from './support/property-manager.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(240_000);

/**
 * An e-mail sent by SMTP to a location's address with a PDF attached, on the whole test platform: the attachment is
 * listed on the inbox item and the thread message, and downloads through the BFF with its sniffed type, its name and
 * its exact bytes; another account's manager gets 404, a request without a token 401. A link carries a download link
 * token of that attachment, never the access token, and stops working when it expires or its session ends.
 */
let platform: TestPlatform;
let manager: PlatformSession;
let address: string;
let locationId: string;
/** The mailed attachment, once the first test has received it. */
let mailed: { messageId: string; attachmentId: string; sessionId: string; bytes: Buffer };

const api = <T>(path: string, init: Parameters<typeof callPlatform>[2] = {}) => callPlatform<T>(platform.baseUrl, path, init);

beforeAll(async () => {
  platform = await startTestPlatform();
  manager = await signUpPropertyManager(platform.baseUrl, 'Robin Attach');
  const location = await api<{ id: string }>('property-location', {
    body: { name: 'Attach Court', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true },
    session: manager,
  });
  expect(location.status).toBe(201);
  locationId = location.body.id;
  const generated = await api<{ email: string }>(`property-location/${locationId}/email-address`, { method: 'POST', session: manager });
  expect(generated.status).toBe(200);
  address = generated.body.email;
});

afterAll(async () => {
  await platform?.stop();
});

/** One message over a plain SMTP conversation (the BFF has no mail client of its own); answers the last reply's code. */
async function smtp(from: string, to: string, raw: string): Promise<string> {
  const socket = connect(platform.smtpPort, '127.0.0.1');
  let buffered = '';
  socket.on('data', (chunk: Buffer) => (buffered += chunk.toString('latin1')));
  const reply = () =>
    waitFor(
      () => {
        const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffered);
        if (!match) return undefined;
        buffered = buffered.slice(match.index + match[0].length);
        return match[2]!;
      },
      { timeout: 10_000, description: 'SMTP reply' },
    );
  try {
    if ((await reply()) !== '220') return 'greeting';
    for (const command of ['EHLO client.example.com', `MAIL FROM:<${from}>`, `RCPT TO:<${to}>`, 'DATA']) {
      socket.write(`${command}\r\n`);
      const code = await reply();
      if (!['250', '354'].includes(code)) return code;
    }
    socket.write(`${raw.replace(/^\./gm, '..')}\r\n.\r\n`);
    return await reply();
  } finally {
    socket.end('QUIT\r\n');
  }
}

it('lists a PDF mailed to the location on its message and downloads it through the BFF', async () => {
  const document = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${randomBytes(16).toString('hex')}\n%%EOF\n`, 'latin1');
  const boundary = `b_${randomBytes(8).toString('hex')}`;
  const raw = [
    'From: Maria Lopez <maria@example.com>',
    `To: ${address}`,
    'Subject: Signed lease renewal',
    `Message-ID: <${randomBytes(8).toString('hex')}@mail.example.com>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please find the signed renewal attached.',
    `--${boundary}`,
    // The sender's claimed type is not trusted: the stored type is sniffed from the bytes.
    'Content-Type: application/octet-stream; name="Lease renewal.pdf"',
    'Content-Disposition: attachment; filename="Lease renewal.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    ...(document.toString('base64').match(/.{1,76}/g) ?? []),
    `--${boundary}--`,
    '',
  ].join('\r\n');
  // Messaging learns the new address from portfolio's event: until then the mailbox is unknown (550).
  await waitFor(async () => ((await smtp('maria@example.com', address, raw)) === '250' ? true : undefined), { timeout: 30_000, description: 'mail accepted' });

  const items = await waitFor(
    async () => {
      const inbox = await api<{ items: { id: string; session_id: string; attachments: { id: string; file_name: string; content_type: string; size: number }[] }[] }>(
        `conversation/inbox?location_id=${locationId}&channel=email`,
        { session: manager },
      );
      return inbox.body.items.length ? inbox.body.items : undefined;
    },
    { timeout: 15_000, description: 'the e-mail in the inbox' },
  );
  const [item] = items;
  expect(item!.attachments).toEqual([{ id: expect.any(String), file_name: 'Lease renewal.pdf', content_type: 'application/pdf', size: document.length }]);
  const thread = await api<{ items: { id: string; attachments: unknown[] }[] }>(`message-session/${item!.session_id}/messages`, { session: manager });
  expect(thread.body.items.find((m) => m.id === item!.id)!.attachments).toEqual(item!.attachments);

  const path = `${platform.baseUrl}/api/message/${item!.id}/attachment/${item!.attachments[0]!.id}`;
  const download = await fetch(path, { headers: { authorization: manager.authorization } });
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('application/pdf');
  expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Lease renewal\.pdf"/);
  expect(Buffer.from(await download.arrayBuffer()).equals(document)).toBe(true);

  mailed = { messageId: item!.id, attachmentId: item!.attachments[0]!.id, sessionId: item!.session_id, bytes: document };
  // The user's access token is never taken from the URL.
  const token = manager.authorization.slice('Bearer '.length);
  expect((await fetch(`${path}?token=${encodeURIComponent(token)}`)).status).toBe(401);
  expect((await fetch(path)).status).toBe(401);
  const stranger = await signUpPropertyManager(platform.baseUrl, 'Sam Stranger');
  const refused = await fetch(path, { headers: { authorization: stranger.authorization } });
  expect(refused.status).toBe(404);
  expect(await refused.json()).toMatchObject({ statusCode: 404, message: 'Message not found' });
  const unknown = await fetch(`${platform.baseUrl}/api/message/${item!.id}/attachment/01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1`, { headers: { authorization: manager.authorization } });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ statusCode: 404, message: 'Attachment not found' });
});

describe('a download link of an attachment', () => {
  const path = () => `message/${mailed.messageId}/attachment/${mailed.attachmentId}`;
  const issue = (session: PlatformSession) => callPlatform<{ token: string; expires_at: string; url: string }>(platform.baseUrl, `${path()}/download-token`, { method: 'POST', session });
  const open = (url: string) => fetch(`${platform.baseUrl}/api/${url}`);

  it('opens that attachment for five minutes, sandboxed, with no access token in the URL', async () => {
    const issued = await issue(manager);
    expect(issued.status).toBe(200);
    expect(issued.body.url).toBe(`${path()}?token=${issued.body.token}`);
    expect(issued.body.url).not.toContain(manager.authorization.slice('Bearer '.length));
    const expiresIn = Date.parse(issued.body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
    const response = await open(issued.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Lease renewal\.pdf"/);
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(Buffer.from(await response.arrayBuffer()).equals(mailed.bytes)).toBe(true);
  });

  it('opens nothing else: another attachment or message, a thread export, a document, or altered', async () => {
    const { token } = (await issue(manager)).body;
    const other = '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1';
    for (const url of [
      `message/${mailed.messageId}/attachment/${other}?token=${token}`,
      `message/${other}/attachment/${mailed.attachmentId}?token=${token}`,
      `message-session/${mailed.sessionId}/export?format=json&token=${token}`,
      `document/doc/${mailed.attachmentId}?token=${token}`,
      `${path()}?token=${token.slice(0, -2)}xx`,
    ]) {
      const refused = await open(url);
      expect([url, refused.status]).toEqual([url, 401]);
    }
  });

  it('is not issued to another account (404) or without a session (401)', async () => {
    const stranger = await signUpPropertyManager(platform.baseUrl, 'Sam Stranger');
    expect((await issue(stranger)).status).toBe(404);
    expect((await callPlatform(platform.baseUrl, `${path()}/download-token`, { method: 'POST' })).status).toBe(401);
  });

  it('stops working once it has expired', async () => {
    const { token } = (await issue(manager)).body;
    // The same link issued again by the BFF's key: as of now it opens, as of five minutes ago it has expired.
    expect((await open(`${path()}?token=${reissuedLink(platform, manager, token, Date.now())}`)).status).toBe(200);
    const expired = await open(`${path()}?token=${reissuedLink(platform, manager, token, expiredIssueTime())}`);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ message: 'This download link is invalid or has expired. Open it again from the app.' });
  });

  it('stops working after its session signs out, while the same user\'s other session keeps its links', async () => {
    const device = await signIn(platform.baseUrl, manager.email!);
    const other = await signIn(platform.baseUrl, manager.email!);
    const link = (await issue(device)).body.url;
    const kept = (await issue(other)).body.url;
    expect((await open(link)).status).toBe(200);
    await signOut(platform.baseUrl, device);
    // The BFF learns of ended sessions from identity's list within a couple of seconds.
    await waitFor(async () => ((await open(link)).status === 401 ? true : undefined), { timeout: 10_000, description: 'the link refused after sign-out' });
    expect((await open(kept)).status).toBe(200);
  });
});
