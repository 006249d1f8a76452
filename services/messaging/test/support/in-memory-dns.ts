import { generateKeyPairSync } from 'node:crypto';
import type { DNSResolver } from '../../src/inbound-email/sender-authentication.js';

/**
 * A DNS zone in memory for the sender checks (there is no DNS in tests): TXT records by name, answered the way
 * node's resolver answers (each record as its chunks), and a name without records answered ENOTFOUND as node does.
 */
export class InMemoryDns {
  private readonly txt = new Map<string, string[]>();
  /** Every question asked, `<type> <name>`, so a test can see what was (or was not) looked up. */
  readonly asked: string[] = [];

  addTxt(name: string, record: string): this {
    const key = name.toLowerCase();
    this.txt.set(key, [...(this.txt.get(key) ?? []), record]);
    return this;
  }

  readonly resolver: DNSResolver = async (name, rrtype) => {
    this.asked.push(`${rrtype} ${name}`);
    const records = rrtype === 'TXT' ? this.txt.get(name.toLowerCase().replace(/\.$/, '')) : undefined;
    if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    // TXT records over 255 characters come in chunks, as DNS carries them.
    return records.map((record) => record.match(/.{1,255}/g) ?? ['']);
  };
}

/** A domain's DKIM key: the private key to sign with (PEM) and its `_domainkey` TXT record. */
export function dkimKey(): { privateKey: string; record: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), record: `v=DKIM1; k=rsa; p=${der}` };
}
