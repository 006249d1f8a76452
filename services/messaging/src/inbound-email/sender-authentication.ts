import { Resolver } from 'node:dns/promises';
import type { BlockList } from 'node:net';
import type { Readable } from 'node:stream';
import { authenticate, type AuthenticateResult, type DNSResolver } from 'mailauth';
import { inRelayList, relayList } from './relay-list.js';

export type { DNSResolver };

/** The DNS the sender checks ask: node's resolver in production, an in-memory zone in tests (there is no DNS there). */
export const MAIL_DNS_RESOLVER = Symbol('MAIL_DNS_RESOLVER');

/** How an inbound e-mail's sender was authenticated, or `null`: not authenticated. */
export type SenderCheck = 'dmarc' | 'aligned-dkim' | 'aligned-spf' | 'trusted-relay' | 'provider' | null;

export interface SenderVerdict {
  /** Whether the From address may be believed: only then is the message bound to a tenant by it. */
  verified: boolean;
  by: SenderCheck;
  /** The checks' results as an Authentication-Results line would give them (`spf=fail dkim=none dmarc=none`), for the log. */
  summary: string;
}

/** How the message reached us, as far as the sender checks need it. */
export type MailArrival =
  /** Our SMTP receiver: the connecting client's address, the name it gave in HELO/EHLO and the envelope's sender. */
  | { kind: 'smtp'; ip: string; helo: string | null; mailFrom: string | null }
  /** A provider's signed webhook: no client of ours; the provider may vouch with its Authentication-Results header. */
  | { kind: 'provider' };

export interface SenderAuthenticationOptions {
  /** Relays whose connections vouch for their mail (addresses or CIDR ranges): an upstream MX, the local sandbox on loopback. */
  trustedRelays: readonly string[];
  /** The provider's authserv-id: its own Authentication-Results header (the topmost) saying dmarc=pass vouches. */
  providerAuthservId: string | null;
  /** Our receiving host's name, written as the authserv-id of the results. */
  mta: string;
  resolver: DNSResolver;
}

/** node's resolver with a bounded wait, so a slow DNS server answers temperror instead of holding the SMTP client. */
export function systemResolver(): DNSResolver {
  const resolver = new Resolver({ timeout: 4_000, tries: 2 });
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;
}

/**
 * Decides whether an inbound e-mail's From may be believed. A trusted relay vouches for what it hands us (no DNS is
 * asked); a provider vouches by its own Authentication-Results header. Otherwise the message is checked as a
 * receiving MX checks it, with mailauth: SPF for the connecting address, HELO name and envelope sender, every DKIM
 * signature, and DMARC alignment of the From domain. The sender is authenticated when DMARC passes, or, when the From
 * domain publishes no DMARC record (or its lookup failed), when an SPF or DKIM pass is aligned with the From domain.
 * A DMARC fail, a From with no or several domains, or nothing aligned that passed: not authenticated.
 */
export class SenderAuthentication {
  private readonly relays: BlockList;

  constructor(private readonly options: SenderAuthenticationOptions) {
    this.relays = relayList(options.trustedRelays);
  }

  async check(raw: Readable | Buffer | string, arrival: MailArrival, from: string, providerHeaders: readonly string[] = []): Promise<SenderVerdict> {
    if (arrival.kind === 'smtp' && this.isTrustedRelay(arrival.ip)) return { verified: true, by: 'trusted-relay', summary: `trusted relay ${arrival.ip}` };
    if (arrival.kind === 'provider' && this.options.providerAuthservId && providerVouches(providerHeaders, this.options.providerAuthservId, from)) {
      return { verified: true, by: 'provider', summary: `${this.options.providerAuthservId} dmarc=pass` };
    }
    const result = await authenticate(raw, {
      ...(arrival.kind === 'smtp' ? { ip: arrival.ip, helo: arrival.helo ?? undefined, sender: arrival.mailFrom ?? '' } : {}),
      mta: this.options.mta,
      resolver: this.options.resolver,
      disableArc: true,
      disableBimi: true,
    });
    return senderVerdict(result, from, arrival.kind === 'smtp');
  }

  isTrustedRelay(ip: string): boolean {
    return inRelayList(this.relays, ip);
  }
}

/** The verdict of mailauth's results for the message's From address (see SenderAuthentication). */
export function senderVerdict(result: AuthenticateResult, from: string, spfChecked = true): SenderVerdict {
  const fromDomain = domainOf(from);
  const dkimPasses = (result.dkim.results ?? []).filter((row) => row.status.result === 'pass');
  const spfResult = spfChecked && result.spf ? result.spf.status.result : 'none';
  const dmarcResult = result.dmarc ? result.dmarc.status.result : 'none';
  const summary = [
    `spf=${spfResult}`,
    `dkim=${dkimPasses.length ? 'pass' : (result.dkim.results?.[0]?.status.result ?? 'none')}`,
    `dmarc=${result.dmarc ? dmarcResult : (result.dmarcSkipReason ?? 'none')}`,
  ].join(' ');
  const refuse = { verified: false, by: null, summary } as const;
  if (!fromDomain || result.dmarcSkipReason) return refuse;
  if (result.dmarc && result.dmarc.status.header?.from && result.dmarc.status.header.from.toLowerCase() !== fromDomain) return refuse;
  if (dmarcResult === 'pass') return { verified: true, by: 'dmarc', summary };
  if (dmarcResult === 'fail') return refuse;
  // No DMARC record (or its lookup failed): a pass counts only when its domain is the From domain's (relaxed alignment).
  if (dkimPasses.some((row) => aligned(fromDomain, row.signingDomain))) return { verified: true, by: 'aligned-dkim', summary };
  if (spfChecked && result.spf && spfResult === 'pass' && aligned(fromDomain, result.spf.domain)) return { verified: true, by: 'aligned-spf', summary };
  return refuse;
}

/**
 * Relaxed alignment without the public-suffix list: the same domain, or one a subdomain of the other, the shorter
 * having at least two labels (so `co.uk` aligns nothing). Narrower than DMARC's organisational domains, never wider.
 */
function aligned(fromDomain: string, domain: string | undefined): boolean {
  const other = domain?.toLowerCase().replace(/\.$/, '');
  if (!other) return false;
  if (other === fromDomain) return true;
  const [shorter, longer] = other.length < fromDomain.length ? [other, fromDomain] : [fromDomain, other];
  return shorter.includes('.') && longer.endsWith(`.${shorter}`);
}

function domainOf(address: string): string | null {
  const at = address.lastIndexOf('@');
  const domain = at < 0 ? '' : address.slice(at + 1).toLowerCase().trim();
  return domain.includes('.') ? domain : null;
}

/**
 * Whether the provider's own Authentication-Results header says DMARC passed for the From domain. Only the topmost
 * one counts: the provider adds its header on top of whatever the sender wrote, and a sender can write any.
 */
export function providerVouches(authenticationResults: readonly string[], authservId: string, from: string): boolean {
  const top = authenticationResults[0];
  const fromDomain = domainOf(from);
  if (!top || !fromDomain) return false;
  const [id, ...results] = top.replace(/\([^)]*\)/g, ' ').split(';');
  if (id?.trim().split(/\s+/)[0]?.toLowerCase() !== authservId.toLowerCase()) return false;
  return results.some((entry) => {
    const words = entry.trim().toLowerCase().split(/\s+/);
    return words[0] === 'dmarc=pass' && words.some((word) => word === `header.from=${fromDomain}`);
  });
}
