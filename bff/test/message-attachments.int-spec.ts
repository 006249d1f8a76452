import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { waitFor } from '@pm/testing';
import { connect } from 'node:net';
import { callPlatform, signUpPropertyManager, type PlatformSession } from './support/property-manager.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(240_000);

/**
 * An e-mail sent by SMTP to a location's address with a PDF attached, on the whole test platform: the attachment is
 * listed on the inbox item and the thread message, and downloads through the BFF with its sniffed type, its name and
 * its exact bytes; another account's manager gets 404, a request without a token 401.
 */
let platform: TestPlatform;
let manager: PlatformSession;
let address: string;
let locationId: string;

const api = <T>(path: string, init: Parameters<typeof callPlatform>[2] = {}) => callPlatform<T>(platform.baseUrl, path, init);

beforeAll(async () => {
  platform = await startTestPlatform('bff_attach');
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

  const token = manager.authorization.slice('Bearer '.length);
  expect((await fetch(`${path}?token=${encodeURIComponent(token)}`)).status).toBe(200);
  expect((await fetch(path)).status).toBe(401);
  const stranger = await signUpPropertyManager(platform.baseUrl, 'Sam Stranger');
  const refused = await fetch(path, { headers: { authorization: stranger.authorization } });
  expect(refused.status).toBe(404);
  expect(await refused.json()).toMatchObject({ statusCode: 404, message: 'Message not found' });
  const unknown = await fetch(`${platform.baseUrl}/api/message/${item!.id}/attachment/01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1`, { headers: { authorization: manager.authorization } });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ statusCode: 404, message: 'Attachment not found' });
});
