import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { ListInboxItems, ListMessageSessions, ListSessionMessages } from '@pm/contracts';
import { dkimSign } from 'mailauth';
import nodemailer from 'nodemailer';
import { dkimKey, InMemoryDns } from './support/in-memory-dns.js';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(180_000);

/**
 * Who an inbound e-mail is from, when no relay vouches for it (production's receiver: nobody trusted), on real
 * PostgreSQL, NATS and MinIO with a real SMTP client. The tenant's domain (example.com) publishes SPF for an address
 * that is not ours, a DKIM key and DMARC p=reject, in an in-memory zone the service's checks ask. A message whose From
 * is the tenant's but which the domain did not sign is stored, drafted for, bound to no tenant and shown unverified;
 * the tenant's signed mail is bound to the tenant as before.
 */
const key = dkimKey();
const dns = new InMemoryDns()
  .addTxt('example.com', 'v=spf1 ip4:192.0.2.10 -all')
  .addTxt('_dmarc.example.com', 'v=DMARC1; p=reject')
  .addTxt('s1._domainkey.example.com', key.record);

let harness: MessagingHarness;
let world: MessagingWorld;

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: 64 * 1024, maxRecipients: 3 }, env: { SMTP_INBOUND_TRUSTED_RELAYS: '' }, dnsResolver: dns.resolver });
  world = await harness.world();
});

afterAll(async () => {
  await harness?.close();
});

function mime(headers: Record<string, string>, body: string): string {
  return [...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', body, ''].join('\r\n');
}

function messageId(): string {
  return `${randomBytes(8).toString('hex')}@example.com`;
}

async function signed(raw: string): Promise<string> {
  const signature = { signingDomain: 'example.com', selector: 's1', privateKey: key.privateKey };
  const { signatures } = await dkimSign(raw, { ...signature, signatureData: [signature] });
  expect(signatures).toMatch(/^DKIM-Signature: /);
  return signatures + raw;
}

async function send(raw: string, envelopeFrom: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: harness.smtpPort!, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ envelope: { from: envelopeFrom, to: [world.email] }, raw });
  } finally {
    transport.close();
  }
}

type Row = { id: string; session_id: string; tenant_id: string | null; sender_name: string | null; sender_verified: boolean };
const stored = (id: string) =>
  harness.row<Row>(`select id, session_id, tenant_id, sender_name, sender_verified from ${harness.table('message')} where external_id = $1`, [id]);

describe('the sender of inbound e-mail', () => {
  it('stores a spoofed From unverified and bound to no tenant, drafts for it, and shows it marked', async () => {
    const asked = dns.asked.length;
    const id = messageId();
    const raw = mime({ From: `Maria Lopez <${world.tenant.email}>`, To: world.email, Subject: 'New bank details', 'Message-ID': `<${id}>` }, 'Please pay the rent to my new account.');
    expect((await send(raw, 'billing@attacker.example')).response).toMatch(/^250/);

    const row = await stored(id);
    expect(row).toMatchObject({ tenant_id: null, sender_name: 'Maria Lopez', sender_verified: false });
    // The checks were made: SPF of the envelope's domain, DMARC of the From's.
    expect(dns.asked.slice(asked)).toEqual(expect.arrayContaining(['TXT attacker.example', 'TXT _dmarc.example.com']));
    expect(await harness.row(`select tenant_id, building_id from ${harness.table('message_session')} where id = $1`, [row!.session_id])).toEqual({ tenant_id: null, building_id: null });
    expect(await harness.row(`select status from ${harness.table('message_draft')} where message_id = $1`, [row!.id])).toEqual({ status: 'pending' });

    const items = await harness.call(ListInboxItems, { location_id: world.locationId, channel: 'email' }, world.owner);
    expect(items.items.find((item) => item.external_id === id)).toMatchObject({ tenant: null, sender_verified: false, from: world.tenant.email });
    const thread = await harness.call(ListSessionMessages, { id: row!.session_id }, world.owner);
    expect(thread.items).toEqual([expect.objectContaining({ external_id: id, sender_verified: false })]);
    const sessions = await harness.call(ListMessageSessions, { location_id: world.locationId, channel: 'email' }, world.owner);
    expect(sessions.items.find((session) => session.session_id === row!.session_id)).toMatchObject({ tenant_id: null, tenant: null });
  });

  it('binds the tenant’s own signed mail to the tenant, and a spoofed reply to it does not join the tenant’s thread', async () => {
    const id = messageId();
    const raw = await signed(mime({ From: `Maria <${world.tenant.email}>`, To: world.email, Subject: 'Leaking sink', 'Message-ID': `<${id}>`, Date: new Date().toUTCString() }, 'The sink is leaking.'));
    // Through a forwarder: the envelope is not the tenant's and SPF does not pass, but the signature is aligned.
    expect((await send(raw, 'bounces@forwarder.example')).response).toMatch(/^250/);
    const genuine = await stored(id);
    expect(genuine).toMatchObject({ tenant_id: world.tenant.id, sender_name: 'Maria Lopez', sender_verified: true });

    const spoof = messageId();
    await send(mime({ From: world.tenant.email, To: world.email, Subject: 'Re: Leaking sink', 'Message-ID': `<${spoof}>`, 'In-Reply-To': `<${id}>`, References: `<${id}>` }, 'Never mind, cancel the plumber.'), world.tenant.email);
    const reply = await stored(spoof);
    expect(reply).toMatchObject({ tenant_id: null, sender_verified: false });
    expect(reply!.session_id).not.toBe(genuine!.session_id);
    const thread = await harness.call(ListSessionMessages, { id: genuine!.session_id }, world.owner);
    expect(thread.items.map((m) => [m.external_id, m.sender_verified])).toEqual([[id, true]]);
  });
});
