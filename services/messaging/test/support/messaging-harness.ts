import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  LocationEmailAddressGenerated,
  LocationPhoneNumberAssigned,
  PARTNER_ROLES,
  PropertyLocationCreated,
  ReplyDraftCompleted,
  BuildingCreated,
  TenantCreated,
  type DraftResult,
  type DataOf,
  type EventContract,
  type EventOf,
  contextStreams,
  type PartnerRole,
} from '@pm/contracts';
import { buildEnvelope, natsConsumerName } from '@pm/messaging';
import { ServiceHarness, startHarnessParts, type HarnessParts, type TestCaller } from '@pm/nest-kit/testing';
import { freePort, testEnv, waitFor } from '@pm/testing';
import nodemailer from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import { messagingEnv } from '../../src/config/messaging-env.js';
import type { DNSResolver } from '../../src/inbound-email/sender-authentication.js';
import { InMemoryDns } from './in-memory-dns.js';
import { messagingService } from '../../src/service.js';

const PUBLIC_BASE = 'https://pm.example.com/hooks';
const PUBLIC_URL = `${PUBLIC_BASE}/sms/inbound`;

export type { TestCaller };

/** One account's location as messaging learns it from portfolio's events: its number, a tenant and a partner per role. */
export interface MessagingWorld {
  owner: TestCaller;
  locationId: string;
  number: string;
  /** The location's generated e-mail address. */
  email: string;
  tenant: { id: string; unitId: string; buildingId: string; fullName: string; phone: string; email: string };
  partners: Record<PartnerRole, TestCaller>;
}

/**
 * The messaging service on real PostgreSQL and a NATS server of the test file's own (its durable consumers have
 * fixed names, so two test files must not share a NATS), fed with portfolio's events as portfolio publishes them,
 * and SMS posted to its webhook signed the way Twilio signs.
 */
export class MessagingHarness extends ServiceHarness {
  private numbers = 0;

  private constructor(
    parts: HarnessParts,
    private readonly secret: string,
    /** The SMTP receiver's port, when started with one. */
    readonly smtpPort: number | undefined,
  ) {
    super(parts);
  }

  /**
   * `dnsResolver`: the DNS the inbound e-mail sender checks ask (an in-memory zone; there is no DNS in tests). The
   * SMTP receiver trusts mail from the loopback unless `env` says otherwise, as the local profile does.
   */
  static async start(
    options: { smtp?: { maxBytes: number; maxRecipients: number }; env?: Record<string, string>; dnsResolver?: DNSResolver } = {},
  ): Promise<MessagingHarness> {
    const secret = randomBytes(32).toString('hex');
    const smtpPort = options.smtp ? await freePort() : undefined;
    const stack = testEnv();
    const smtp: Record<string, string> = options.smtp
      ? {
          SMTP_INBOUND_PORT: String(smtpPort),
          SMTP_INBOUND_MAX_BYTES: String(options.smtp.maxBytes),
          SMTP_INBOUND_MAX_RECIPIENTS: String(options.smtp.maxRecipients),
          SMTP_INBOUND_TRUSTED_RELAYS: '127.0.0.1,::1',
          MINIO_ENDPOINT: stack.MINIO_ENDPOINT,
          MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY,
          MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY,
          MINIO_BUCKET: stack.MINIO_BUCKET,
        }
      : {};
    const parts = await startHarnessParts({
      name: 'messaging',
      envSchema: messagingEnv,
      // No test asks the real DNS: an empty zone (every name unknown) unless the test gives its own.
      define: (config) => messagingService(config, { dnsResolver: options.dnsResolver ?? new InMemoryDns().resolver }),
      env: {
        SMS_PROVIDER: 'sandbox',
        SMS_SANDBOX_SECRET: secret,
        SMS_WEBHOOK_BASE_URL: PUBLIC_BASE,
        ...smtp,
        ...options.env,
      },
    });
    return new MessagingHarness(parts, secret, smtpPort);
  }

  /**
   * The same envelope once more, as a consumer meets it again when its ack was lost: stored in the stream under
   * another `Nats-Msg-Id`, so the duplicate window does not absorb it and only the consumer's own inbox can. Then waits
   * until the durable consumer has handled (acked) everything it was given.
   */
  async redeliver<C extends EventContract>(contract: C, envelope: EventOf<C>, durable: string): Promise<void> {
    const ack = await jetstream(this.nc).publish(contract.subject, JSON.stringify(envelope), { msgID: `${envelope.id}:again:${randomUUID()}` });
    if (ack.duplicate) throw new Error('the stream took the redelivery for a duplicate');
    const jsm = await jetstreamManager(this.nc);
    const stream = contextStreams[contract.context].name;
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(stream, natsConsumerName(durable));
        return info.delivered.stream_seq >= ack.seq && info.num_ack_pending === 0;
      },
      { timeout: 20_000, description: `${durable} handled the redelivery` },
    );
  }

  /** Publishes an event; answers its envelope (for `redeliver`). */
  async publishEnvelope<C extends EventContract>(contract: C, data: DataOf<C>): Promise<EventOf<C>> {
    const envelope = buildEnvelope(contract, data);
    await this.publisher.publishEnvelope(contract.subject, envelope);
    return envelope;
  }

  /** A location of a new account, with its number and a tenant, and one partner per role, once messaging knows them. */
  async world(options: { owner?: TestCaller } = {}): Promise<MessagingWorld> {
    const owner = options.owner ?? (await this.caller());
    const locationId = uuidv7();
    const scope = { locationId, accountId: owner.userId, ownerUserId: owner.userId };
    await this.publish(PropertyLocationCreated, {
      locationId,
      accountId: owner.userId,
      ownerUserId: owner.userId,
      name: '12 Elm Street',
      addressText: '12 Elm Street, Springfield, IL 62701',
      type: 'MULTI_UNIT',
      declaredUnitsCount: 6,
      isRentalProperty: true,
    });
    const number = `+1415555${String(1000 + ++this.numbers).slice(-4)}`;
    await this.publish(LocationPhoneNumberAssigned, { ...scope, phoneNumber: number, provider: 'sandbox' });
    const email = `${this.numbers}.elm.street@mail.pm.local`;
    await this.publish(LocationEmailAddressGenerated, { ...scope, email });
    const tenant = {
      id: uuidv7(),
      unitId: uuidv7(),
      buildingId: uuidv7(),
      fullName: 'Maria Lopez',
      phone: `+1555123${String(1000 + this.numbers).slice(-4)}`,
      email: `maria.lopez.${this.numbers}@example.com`,
    };
    await this.publish(BuildingCreated, { ...scope, buildingId: tenant.buildingId });
    await this.publish(TenantCreated, {
      ...scope,
      tenantId: tenant.id,
      unitId: tenant.unitId,
      buildingId: tenant.buildingId,
      fullName: tenant.fullName,
      phoneNumbers: [tenant.phone],
      emails: [tenant.email],
    });
    const partners = {} as Record<PartnerRole, TestCaller>;
    for (const role of PARTNER_ROLES) partners[role] = await this.share(owner, locationId, role);
    await waitFor(() => this.row(`select 1 from ${this.table('access_location')} where location_id = $1`, [locationId]), { timeout: 20_000, description: 'location granted' });
    await waitFor(() => this.row(`select 1 from ${this.table('location_phone_number')} where phone_number = $1`, [number]), { timeout: 20_000, description: 'number copied' });
    await waitFor(() => this.row(`select 1 from ${this.table('tenant_directory')} where tenant_id = $1`, [tenant.id]), { timeout: 20_000, description: 'tenant copied' });
    await waitFor(() => this.row(`select 1 from ${this.table('location_email_address')} where email = $1`, [email]), { timeout: 20_000, description: 'address copied' });
    await waitFor(() => this.row(`select 1 from ${this.table('building_directory')} where building_id = $1`, [tenant.buildingId]), { timeout: 20_000, description: 'building copied' });
    return { owner, locationId, number, email, tenant, partners };
  }

  /**
   * Answers the message's pending draft as the assistant does (ReplyDraftCompleted over JetStream), with a ready draft
   * made of `draft`, and waits until messaging has handled every publication (its inbox row committed with what it did).
   * `again` publishes the same answer a second time (a redelivery); `failure` answers the draft failed with that reason
   * instead (the model missing or timing out). Answers the draft version's id and the event's id.
   */
  async completeDraft(messageId: string, draft: Partial<DraftResult> = {}, options: { again?: boolean; failure?: string } = {}): Promise<{ draftId: string; eventId: string }> {
    const pending = await waitFor(
      () => this.row<{ id: string; location_id: string; account_id: string }>(
        `select d.id, m.location_id, m.account_id from ${this.table('message_draft')} d join ${this.table('message')} m on m.id = d.message_id
          where d.message_id = $1 and d.status = 'pending' order by d.version desc limit 1`,
        [messageId],
      ),
      { timeout: 20_000, description: 'a pending draft' },
    );
    const answer = {
      locationId: pending.location_id,
      accountId: pending.account_id,
      draftId: pending.id,
      messageId,
      completedAt: new Date().toISOString(),
    };
    const ready = {
      ...answer,
      status: 'ready' as const,
      draft: {
        reply: 'Thank you for letting us know; we are on it.',
        language: 'en',
        urgent: false,
        intent: 'general' as const,
        confidence: 0.8,
        sources: [],
        nearMisses: [],
        outcome: 'model-reply' as const,
        flaggedForManager: false,
        ...draft,
      },
      failure: null,
    };
    const data = options.failure === undefined ? ready : { ...answer, status: 'failed' as const, draft: null, failure: options.failure };
    const events = [await this.publish(ReplyDraftCompleted, data)];
    if (options.again) events.push(await this.publish(ReplyDraftCompleted, data));
    await waitFor(
      async () => (await this.row<{ n: string }>(`select count(*) as n from ${this.table('inbox')} where event_id = any($1::uuid[])`, [events]))?.n === String(events.length),
      { timeout: 20_000, description: 'draft answers handled' },
    );
    return { draftId: pending.id, eventId: events[0]! };
  }

  /** Posts an SMS to the webhook as the provider does, and waits until it is routed; answers the MessageSid. */
  async sms(from: string, to: string, body: string, extra: Record<string, string> = {}): Promise<string> {
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const params = new URLSearchParams({ MessageSid: sid, AccountSid: `AC${'0'.repeat(32)}`, From: from, To: to, Body: body, NumMedia: '0', ...extra });
    const res = await fetch(`${this.service.baseUrl}/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': this.sign(params) },
      body: params.toString(),
    });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
    await this.untilRouted(sid);
    return sid;
  }

  /** The webhook's 200 says the post is stored; routing (message, draft, events) follows a moment later: waits for it. */
  async untilRouted(messageSid: string): Promise<void> {
    await waitFor(async () => (await this.row(`select 1 from ${this.table('sms_intake')} where message_sid = $1`, [messageSid])) === undefined, { timeout: 15_000, description: 'SMS routed' });
  }

  /** Mails the SMTP receiver (started with `smtp`) as a tenant's mail client does; answers the Message-ID (no brackets). */
  async email(from: string, to: string, subject: string, text: string, headers: Record<string, string> = {}, attachments: { filename: string; content: Buffer }[] = []): Promise<string> {
    if (this.smtpPort === undefined) throw new Error('start the harness with smtp to send e-mail in');
    const messageId = `${randomUUID()}@mail.example.com`;
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: this.smtpPort, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({ from, to, subject, text, messageId: `<${messageId}>`, headers, attachments });
    } finally {
      transport.close();
    }
    return messageId;
  }

  /** Posts a form to one of the provider webhooks (`/voice/inbound`…) signed as the provider signs; answers the response. */
  async webhook(path: string, fields: Record<string, string>): Promise<globalThis.Response> {
    const params = new URLSearchParams(fields);
    return fetch(`${this.service.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': this.sign(params, `${PUBLIC_BASE}${path}`) },
      body: params.toString(),
    });
  }

  /** Twilio's documented scheme, written out here rather than borrowed from the code under test. */
  private sign(params: URLSearchParams, url = PUBLIC_URL): string {
    const grouped = new Map<string, string[]>();
    for (const [k, v] of params) grouped.set(k, [...(grouped.get(k) ?? []), v]);
    let data = url;
    for (const key of [...grouped.keys()].sort()) for (const v of [...new Set(grouped.get(key))].sort()) data += key + v;
    return createHmac('sha1', this.secret).update(Buffer.from(data, 'utf8')).digest('base64');
  }
}
