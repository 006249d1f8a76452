import { dkimSign } from 'mailauth';
import { dkimKey, InMemoryDns } from '../../test/support/in-memory-dns.js';
import { isRelayEntry } from './relay-list.js';
import { providerVouches, SenderAuthentication } from './sender-authentication.js';

/**
 * The verdict on real messages: signed with generated DKIM keys by mailauth, checked by mailauth against an in-memory
 * zone (SPF, DKIM and DMARC records as a domain publishes them). example.com publishes all three (DMARC p=reject);
 * nodmarc.test publishes SPF and DKIM only; evil.test is an attacker's own, correctly set-up domain.
 */
const TENANT_IP = '192.0.2.10';
const ATTACKER_IP = '203.0.113.5';

const tenantKey = dkimKey();
const noDmarcKey = dkimKey();
const attackerKey = dkimKey();
const dns = new InMemoryDns()
  .addTxt('example.com', `v=spf1 ip4:${TENANT_IP} -all`)
  .addTxt('_dmarc.example.com', 'v=DMARC1; p=reject')
  .addTxt('s1._domainkey.example.com', tenantKey.record)
  .addTxt('nodmarc.test', `v=spf1 ip4:${TENANT_IP} -all`)
  .addTxt('s1._domainkey.nodmarc.test', noDmarcKey.record)
  .addTxt('evil.test', `v=spf1 ip4:${ATTACKER_IP} -all`)
  .addTxt('_dmarc.evil.test', 'v=DMARC1; p=none')
  .addTxt('s1._domainkey.evil.test', attackerKey.record);

const auth = new SenderAuthentication({ trustedRelays: ['10.0.0.0/8', '::1'], providerAuthservId: 'mx.provider.example', mta: 'mail.pm.local', resolver: dns.resolver });

function message(from: string, body = 'My kitchen sink is leaking.', extra: Record<string, string> = {}): string {
  const headers = { From: from, To: '1.elm.street@mail.pm.local', Subject: 'Leaking sink', 'Message-ID': `<${Math.random().toString(16).slice(2)}@example.com>`, Date: new Date().toUTCString(), ...extra };
  return [...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', body, ''].join('\r\n');
}

async function signed(raw: string, signingDomain: string, privateKey: string): Promise<string> {
  const key = { signingDomain, selector: 's1', privateKey, canonicalization: 'relaxed/relaxed' };
  const { signatures, errors } = await dkimSign(raw, { ...key, signatureData: [key] });
  expect(errors).toEqual([]);
  expect(signatures).toMatch(/^DKIM-Signature: /);
  return signatures + raw;
}

const smtp = (ip: string, mailFrom: string | null) => ({ kind: 'smtp' as const, ip, helo: 'client.example.net', mailFrom });

describe('SenderAuthentication', () => {
  it('believes a From whose domain signed the message (DMARC passes by aligned DKIM), from any address', async () => {
    const raw = await signed(message('Maria <maria@example.com>'), 'example.com', tenantKey.privateKey);
    await expect(auth.check(raw, smtp('198.51.100.7', 'bounces@bulk.example.net'), 'maria@example.com')).resolves.toMatchObject({ verified: true, by: 'dmarc' });
  });

  it('believes an unsigned message sent from an address the From domain lists in SPF, with an aligned envelope sender', async () => {
    const verdict = await auth.check(message('maria@example.com'), smtp(TENANT_IP, 'maria@example.com'), 'maria@example.com');
    expect(verdict).toMatchObject({ verified: true, by: 'dmarc' });
    expect(verdict.summary).toContain('spf=pass');
  });

  it('does not believe a spoofed From: unsigned, from an address the domain does not list, the envelope the attacker’s', async () => {
    const verdict = await auth.check(message('Maria Lopez <maria@example.com>'), smtp(ATTACKER_IP, 'x@evil.test'), 'maria@example.com');
    expect(verdict).toEqual({ verified: false, by: null, summary: 'spf=pass dkim=none dmarc=fail' });
  });

  it('does not believe a From signed by another domain (the attacker’s valid signature is not aligned)', async () => {
    const raw = await signed(message('maria@example.com'), 'evil.test', attackerKey.privateKey);
    const verdict = await auth.check(raw, smtp(ATTACKER_IP, 'x@evil.test'), 'maria@example.com');
    expect(verdict).toMatchObject({ verified: false, summary: 'spf=pass dkim=pass dmarc=fail' });
  });

  // A body that no longer matches its signature's body hash is dkim=neutral (RFC 6376 §3.7), which is no pass.
  it('does not believe a signed message whose body was changed after signing', async () => {
    const raw = (await signed(message('maria@example.com', 'Please call me.'), 'example.com', tenantKey.privateKey)).replace('Please call me.', 'Please wire the deposit to my new account.');
    const verdict = await auth.check(raw, smtp(ATTACKER_IP, 'maria@example.com'), 'maria@example.com');
    expect(verdict).toMatchObject({ verified: false, summary: 'spf=fail dkim=neutral dmarc=fail' });
  });

  it('without a DMARC record, believes an aligned DKIM or SPF pass and nothing else', async () => {
    const raw = await signed(message('joe@nodmarc.test'), 'nodmarc.test', noDmarcKey.privateKey);
    await expect(auth.check(raw, smtp(ATTACKER_IP, null), 'joe@nodmarc.test')).resolves.toMatchObject({ verified: true, by: 'aligned-dkim' });
    await expect(auth.check(message('joe@nodmarc.test'), smtp(TENANT_IP, 'joe@nodmarc.test'), 'joe@nodmarc.test')).resolves.toMatchObject({ verified: true, by: 'aligned-spf' });
    // The attacker's SPF passes for its own envelope domain, which is not the From's.
    await expect(auth.check(message('joe@nodmarc.test'), smtp(ATTACKER_IP, 'x@evil.test'), 'joe@nodmarc.test')).resolves.toMatchObject({ verified: false });
    const foreign = await signed(message('joe@nodmarc.test'), 'evil.test', attackerKey.privateKey);
    await expect(auth.check(foreign, smtp(ATTACKER_IP, 'x@evil.test'), 'joe@nodmarc.test')).resolves.toMatchObject({ verified: false });
  });

  it('does not believe a message with two From addresses', async () => {
    const raw = await signed(message('maria@example.com, boss@evil.test'), 'example.com', tenantKey.privateKey);
    await expect(auth.check(raw, smtp(TENANT_IP, 'maria@example.com'), 'maria@example.com')).resolves.toMatchObject({ verified: false });
  });

  it('does not believe a domain nobody can look up (no records at all)', async () => {
    await expect(auth.check(message('someone@unknown.test'), smtp(ATTACKER_IP, 'someone@unknown.test'), 'someone@unknown.test')).resolves.toMatchObject({ verified: false });
  });

  it('takes a trusted relay’s word without asking DNS, and only a trusted one’s', async () => {
    const asked = dns.asked.length;
    await expect(auth.check(message('maria@example.com'), smtp('10.1.2.3', null), 'maria@example.com')).resolves.toMatchObject({ verified: true, by: 'trusted-relay' });
    await expect(auth.check(message('maria@example.com'), smtp('::1', null), 'maria@example.com')).resolves.toMatchObject({ verified: true, by: 'trusted-relay' });
    expect(dns.asked.length).toBe(asked);
    expect(auth.isTrustedRelay('::ffff:10.9.9.9')).toBe(true);
    expect(auth.isTrustedRelay('11.0.0.1')).toBe(false);
    expect(auth.isTrustedRelay('127.0.0.1')).toBe(false);
    await expect(auth.check(message('maria@example.com'), smtp('127.0.0.1', 'x@evil.test'), 'maria@example.com')).resolves.toMatchObject({ verified: false });
  });

  it('takes the provider’s word from its own (topmost) Authentication-Results, else checks DKIM and DMARC itself', async () => {
    const vouched = 'mx.provider.example; spf=pass smtp.mailfrom=example.com; dkim=none; dmarc=pass (p=reject) header.from=example.com';
    await expect(auth.check(message('maria@example.com'), { kind: 'provider' }, 'maria@example.com', [vouched])).resolves.toMatchObject({ verified: true, by: 'provider' });
    // A header the sender wrote below the provider's, or one of another authserv-id, vouches for nothing.
    const own = 'mx.provider.example; dmarc=fail header.from=example.com';
    await expect(auth.check(message('maria@example.com'), { kind: 'provider' }, 'maria@example.com', [own, vouched])).resolves.toMatchObject({ verified: false });
    expect(providerVouches(['other.example; dmarc=pass header.from=example.com'], 'mx.provider.example', 'maria@example.com')).toBe(false);
    expect(providerVouches([vouched], 'mx.provider.example', 'maria@evil.test')).toBe(false);
    // Without the provider's word: a signature of the From domain still authenticates it (no SPF without a client).
    const raw = await signed(message('maria@example.com'), 'example.com', tenantKey.privateKey);
    await expect(auth.check(raw, { kind: 'provider' }, 'maria@example.com')).resolves.toMatchObject({ verified: true, by: 'dmarc' });
    await expect(auth.check(message('maria@example.com'), { kind: 'provider' }, 'maria@example.com')).resolves.toMatchObject({ verified: false });
  });

  it('takes addresses and CIDR ranges as trusted relays, and nothing else', () => {
    expect(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8'].every(isRelayEntry)).toBe(true);
    expect(['localhost', '10.0.0.0/33', '1.2.3.4/8/1', '', '10.0.0.0/x'].some(isRelayEntry)).toBe(false);
  });
});
