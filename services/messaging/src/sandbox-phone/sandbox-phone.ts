import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { LocationAccess, type AccessCaller } from '@pm/access';
import { can, SANDBOX_NUMBER_NOT_FOUND, SANDBOX_PHONE_UNAVAILABLE } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import type { Server } from 'node:http';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { Directory } from '../directory/directory.js';
import { RoutingTables, table } from '../routing/routing-tables.js';
import { SignedTwilioWebhook } from '../twilio-webhooks/signed-twilio-webhook.js';

export interface SandboxNumber {
  locationId: string;
  locationName: string | null;
  phoneNumber: string;
}

/**
 * The sandbox phone: a tester (a signed-in manager) texts and calls their locations' numbers as a tenant would. Every
 * post goes through the provider webhooks of this process, signed with the sandbox secret exactly as Twilio signs,
 * so what it exercises is the production path. Only with `SMS_PROVIDER=sandbox`; otherwise every call is 404.
 */
@Injectable()
export class SandboxPhone {
  constructor(
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly access: LocationAccess,
    private readonly directory: Directory,
    private readonly routing: RoutingTables,
    private readonly webhook: SignedTwilioWebhook,
    private readonly http: HttpAdapterHost,
  ) {}

  requireEnabled(): void {
    if (this.config.SMS_PROVIDER !== 'sandbox') throw RpcFailure.notFound(SANDBOX_PHONE_UNAVAILABLE);
  }

  /** The assigned numbers of the locations the caller may send messages for. */
  async numbers(em: EntityManager, caller: AccessCaller): Promise<SandboxNumber[]> {
    this.requireEnabled();
    const grants = (await this.access.accessible(em, caller)).filter((grant) => can(grant.role, 'message:send'));
    if (grants.length === 0) return [];
    const rows = await em.execute<{ phone_number: string; location_id: string }[]>(
      `select phone_number, location_id from ${table(em, 'location_phone_number')} where assigned and location_id = any(?::text[]) order by location_id, phone_number`,
      [`{${grants.map((grant) => `"${grant.locationId}"`).join(',')}}`],
    );
    const order = new Map(grants.map((grant, index) => [grant.locationId, index]));
    rows.sort((a, b) => order.get(a.location_id)! - order.get(b.location_id)!);
    return Promise.all(rows.map(async (row) => ({ locationId: row.location_id, locationName: await this.directory.nameOf(em, row.location_id), phoneNumber: row.phone_number })));
  }

  /** Who `phone` is at each of the caller's numbers: the location's tenant with that phone, as an inbound SMS finds them. */
  async callers(em: EntityManager, numbers: readonly SandboxNumber[], phone: string): Promise<{ number: string; tenant_name: string | null }[]> {
    return Promise.all(numbers.map(async (n) => ({ number: n.phoneNumber, tenant_name: (await this.routing.tenantByPhone(em, n.locationId, phone))?.fullName || null })));
  }

  /** The number, when it is one of the caller's locations'; 404 otherwise (a number they do not reach is not named). */
  async requireNumber(em: EntityManager, caller: AccessCaller, phoneNumber: string): Promise<SandboxNumber> {
    const found = (await this.numbers(em, caller)).find((number) => number.phoneNumber === phoneNumber);
    if (!found) throw RpcFailure.notFound(SANDBOX_NUMBER_NOT_FOUND);
    return found;
  }

  /** Posts the form to one of this process's webhooks, signed as the provider signs; answers the status and body. */
  async post(path: string, fields: Record<string, string>): Promise<{ status: number; body: string }> {
    const origin = this.localOrigin();
    const params = new URLSearchParams(fields);
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': this.webhook.signatureFor(path, fields, origin) },
      body: params.toString(),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text() };
  }

  /** Ids as the provider makes them: a prefix and 32 hex digits. */
  sid(prefix: 'SM' | 'CA'): string {
    return `${prefix}${randomBytes(16).toString('hex')}`;
  }

  private localOrigin(): string {
    const address = (this.http.httpAdapter.getHttpServer() as Server).address() as AddressInfo | null;
    if (!address) throw new Error('the HTTP server is not listening');
    return `http://127.0.0.1:${address.port}`;
  }
}

/**
 * What the caller hears of a TwiML answer before it listens again: every `<Say>` up to the end of its `<Gather>` (what
 * follows plays only if the caller stays silent), or all of them when the call ends.
 */
export function spokenTexts(twimlBody: string): string[] {
  const gatherEnd = twimlBody.indexOf('</Gather>');
  const heard = gatherEnd === -1 ? twimlBody : twimlBody.slice(0, gatherEnd);
  return [...heard.matchAll(/<Say[^>]*>([\s\S]*?)<\/Say>/g)].map((match) =>
    match[1]!.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
}
