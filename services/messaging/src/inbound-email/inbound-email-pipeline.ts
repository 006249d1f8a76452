import { Readable } from 'node:stream';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { attachmentFileName, messagingLimits } from '@pm/contracts';
import { FileStore, SNIFFABLE_TYPES, type SniffedContentType, type StoredFile } from '@pm/files';
import { RpcFailure } from '@pm/messaging';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { receivedAtOf } from '../messages/sender-time.js';
import { RoutingTables, type NumberRoute } from '../routing/routing-tables.js';
import { ReceiveInboundEmail, type KeptAttachment } from './receive-inbound-email.js';
import { SenderAuthentication, type MailArrival, type SenderVerdict } from './sender-authentication.js';

/** Where raw inbound messages are kept, exactly as received, before anything is parsed. */
export const RAW_MAIL_PREFIX = 'mail/inbound';
/** Where their attachments are kept: `<this>/<the raw message's id>/<attachment object id>`. */
export const ATTACHMENT_PREFIX = 'mail/inbound-attachments';

/**
 * The attachment types kept: documents and pictures the vault can file (the types the platform sniffs, less a
 * forwarded e-mail, which stays inside the raw message). Anything else is left in the raw message and not listed.
 */
const ATTACHMENT_TYPES: readonly SniffedContentType[] = Object.values(SNIFFABLE_TYPES).filter((type) => type !== SNIFFABLE_TYPES.eml);
const EXTENSIONS = Object.fromEntries(Object.entries(SNIFFABLE_TYPES).map(([ext, type]) => [type, ext])) as Record<SniffedContentType, string>;

/** Who the message is for, as the transport told us: the SMTP envelope, or (a provider's post) the message's own headers. */
export interface MailEnvelope {
  /** The SMTP envelope's recipients (already checked), or null to take them from the headers. */
  recipients: readonly string[] | null;
  /** The envelope's sender, used when the message has no From. */
  from: string | null;
  /** How it reached us (the SMTP client's address and HELO name, or a provider's webhook), for the sender checks. */
  arrival: MailArrival;
}

export type PipelineOutcome = { status: 'stored'; locations: number } | { status: 'duplicate' } | { status: 'no_mailbox' };

/**
 * The one path of an inbound e-mail, whichever way it came (the SMTP receiver, or a provider's signed webhook):
 * the raw MIME streamed into MinIO with the size limit enforced while reading, read back and parsed, its attachments
 * kept in MinIO, its sender authenticated (SenderAuthentication: only an authenticated From binds it to a tenant),
 * then the message stored for each of our locations it names, with its attachments' rows and events, in one
 * transaction. A duplicate (the same Message-ID everywhere) or a failure leaves no object behind.
 */
@Injectable()
export class InboundEmailPipeline {
  private readonly logger = new Logger(InboundEmailPipeline.name);

  constructor(
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly orm: MikroORM,
    private readonly files: FileStore,
    private readonly tables: RoutingTables,
    private readonly receiver: ReceiveInboundEmail,
    private readonly senders: SenderAuthentication,
  ) {}

  /** Keeps the raw message: RpcFailure 413 past SMTP_INBOUND_MAX_BYTES (nothing kept), 415 when it is no Internet message. */
  keepRaw(chunks: AsyncIterable<Buffer>): Promise<StoredFile> {
    return this.files.put(chunks, { prefix: RAW_MAIL_PREFIX, maxBytes: this.config.SMTP_INBOUND_MAX_BYTES, accept: ['message/rfc822'] });
  }

  discard(key: string): Promise<void> {
    return this.files.remove(key).catch(() => undefined);
  }

  /** Parses and stores a kept raw message; on a failure everything it kept (the raw message too) is removed. */
  async process(raw: StoredFile, envelope: MailEnvelope, provider: string): Promise<PipelineOutcome> {
    const kept: KeptAttachment[] = [];
    try {
      const opened = await this.files.openStream(raw.key);
      const parsed = await simpleParser(opened.stream, { skipImageLinks: true, skipTextToHtml: true });
      const recipients = await this.recipientsOf(envelope.recipients ?? headerRecipients(parsed));
      if (recipients.length === 0) {
        await this.discard(raw.key);
        return { status: 'no_mailbox' };
      }
      kept.push(...(await this.keepAttachments(parsed.attachments, raw.key)));
      const from = firstAddress(parsed.from) ?? { address: envelope.from ?? '', name: null };
      const sender = await this.authenticateSender(raw, envelope.arrival, from.address, parsed);
      const messageId = headerId(parsed.messageId) ?? `${raw.sha256}@no-message-id.${this.config.MAIL_DOMAIN}`;
      const replyTo = [parsed.inReplyTo, ...[parsed.references ?? []].flat().reverse()].map(headerId).filter((id): id is string => id !== null);
      const count = await this.receiver.receive({
        provider,
        messageId,
        replyTo: [...new Set(replyTo)].slice(0, 50),
        from: { address: from.address.slice(0, 254), name: from.name },
        subject: parsed.subject?.slice(0, 998) ?? null,
        text: parsed.text ?? '',
        rawKey: raw.key,
        senderVerified: sender.verified,
        recipients,
        attachments: kept,
      }, receivedAtOf(parsed.date, this.config.SMS_PROVIDER));
      if (count > 0) return { status: 'stored', locations: count };
      // The same message again: the first copy of the raw MIME and of its attachments is the one kept.
      await this.removeAll(raw.key, kept);
      return { status: 'duplicate' };
    } catch (error) {
      await this.removeAll(raw.key, kept);
      throw error;
    }
  }

  /**
   * Whether the From may be believed (see SenderAuthentication), read from the kept raw message. A check that fails
   * outright (a message mailauth cannot read) counts as not authenticated: the message is still stored, bound to no
   * tenant, rather than refused and retried for ever.
   */
  private async authenticateSender(raw: StoredFile, arrival: MailArrival, from: string, parsed: ParsedMail): Promise<SenderVerdict> {
    let verdict: SenderVerdict;
    try {
      const opened = await this.files.openStream(raw.key);
      verdict = await this.senders.check(opened.stream, arrival, from, authenticationResults(parsed));
    } catch (error) {
      this.logger.warn({ err: error, rawKey: raw.key }, 'inbound e-mail sender could not be checked: stored as not verified');
      return { verified: false, by: null, summary: 'check failed' };
    }
    if (!verdict.verified) this.logger.warn({ rawKey: raw.key, from, results: verdict.summary }, 'inbound e-mail sender not verified: stored bound to no tenant');
    return verdict;
  }

  private async removeAll(rawKey: string, kept: readonly KeptAttachment[]): Promise<void> {
    await Promise.all([rawKey, ...kept.map((a) => a.key)].map((key) => this.discard(key)));
  }

  private async recipientsOf(addresses: readonly string[]): Promise<{ address: string; route: NumberRoute }[]> {
    const em = this.orm.em.fork() as EntityManager;
    const recipients: { address: string; route: NumberRoute }[] = [];
    for (const address of [...new Set(addresses.map((a) => a.toLowerCase()))]) {
      if (address.slice(address.lastIndexOf('@') + 1) !== this.config.MAIL_DOMAIN) continue;
      const route = await this.tables.routeOfEmail(em, address);
      if (route) recipients.push({ address, route });
      if (recipients.length >= this.config.SMTP_INBOUND_MAX_RECIPIENTS) break;
    }
    return recipients;
  }

  /**
   * Each attachment (at most `messagingLimits.attachments`, each within the raw message's own limit) into MinIO, its
   * type sniffed from its bytes. Inline images a HTML body shows by `cid:` (logos, signatures) are part of the body,
   * not documents: they are skipped, as are types the platform does not keep and empty parts; the raw message keeps
   * them all.
   */
  private async keepAttachments(attachments: readonly Attachment[], rawKey: string): Promise<KeptAttachment[]> {
    const prefix = `${ATTACHMENT_PREFIX}/${rawKey.slice(rawKey.lastIndexOf('/') + 1)}`;
    const kept: KeptAttachment[] = [];
    for (const attachment of attachments) {
      if (attachment.related) continue;
      if (kept.length >= messagingLimits.attachments) {
        this.logger.warn({ rawKey }, `inbound e-mail has more than ${messagingLimits.attachments} attachments: the rest are kept only in the raw message`);
        break;
      }
      try {
        const stored = await this.files.put(Readable.from([attachment.content]), { prefix, maxBytes: this.config.SMTP_INBOUND_MAX_BYTES, accept: ATTACHMENT_TYPES });
        kept.push({ ...stored, fileName: attachmentFileName(attachment.filename, EXTENSIONS[stored.contentType]) });
      } catch (error) {
        if (!(error instanceof RpcFailure) || error.status >= 500) {
          await Promise.all(kept.map((a) => this.discard(a.key)));
          throw error;
        }
        this.logger.warn({ rawKey, reason: error.message }, 'inbound e-mail attachment not kept');
      }
    }
    return kept;
  }
}

/** A provider's post has no SMTP envelope: the recipients are those the message names (Delivered-To and X-Original-To carry a Bcc's). */
function headerRecipients(parsed: ParsedMail): string[] {
  const addresses = [parsed.to, parsed.cc]
    .flatMap((field) => [field ?? []].flat())
    .flatMap((object) => object.value.map((a) => a.address ?? ''));
  for (const name of ['delivered-to', 'x-original-to']) {
    // mailparser parses Delivered-To as an address list; X-Original-To stays text.
    for (const value of [parsed.headers.get(name) ?? []].flat()) {
      if (typeof value === 'string') addresses.push(value.trim().replace(/^<|>$/g, ''));
      else if (value && typeof value === 'object' && 'value' in value) addresses.push(...(value as AddressObject).value.map((a) => a.address ?? ''));
    }
  }
  return addresses.filter((a) => a.includes('@')).slice(0, 200);
}

/** The message's Authentication-Results headers, topmost first, each's value unfolded. */
function authenticationResults(parsed: ParsedMail): string[] {
  return parsed.headerLines
    .filter((header) => header.key === 'authentication-results')
    .map((header) => header.line.slice(header.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim());
}

function firstAddress(from: AddressObject | AddressObject[] | undefined): { address: string; name: string | null } | null {
  const first = [from ?? []].flat()[0]?.value[0];
  return first?.address ? { address: first.address.toLowerCase(), name: first.name || null } : null;
}

/** A Message-ID as stored: without its angle brackets, at most one header line long. */
function headerId(value: string | undefined): string | null {
  const id = value?.trim().replace(/^<|>$/g, '');
  return id && id.length <= 998 && !/[\s<>]/.test(id) ? id : null;
}
