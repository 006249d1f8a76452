import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EmailAttachmentReceived, MessageReceived, messagingLimits, storableText } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { MessageDrafts } from '../drafts/message-drafts.repository.js';
import { RoutingTables, table, type KnownTenant, type NumberRoute } from '../routing/routing-tables.js';

/** An attachment already kept in MinIO (type sniffed, name sanitised), to be recorded with its message. */
export interface KeptAttachment {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** A parsed inbound e-mail, for each location it was addressed to. */
export interface InboundEmail {
  /** How it came: `smtp` (our receiver) or `inbound-webhook` (a provider's signed post). */
  provider: string;
  /** The Message-ID without angle brackets (or one made from the raw bytes' hash when the sender gave none). */
  messageId: string;
  /** In-Reply-To first, then References newest first: the messages this one answers. */
  replyTo: readonly string[];
  from: { address: string; name: string | null };
  subject: string | null;
  text: string;
  rawKey: string;
  /**
   * Whether the sender was authenticated (SenderAuthentication): only then does the From address bind the message
   * to a tenant. Unverified, it is stored as from an unknown sender, drafted for, and shown marked.
   */
  senderVerified: boolean;
  recipients: readonly { address: string; route: NumberRoute }[];
  attachments: readonly KeptAttachment[];
}

/**
 * Stores an inbound e-mail for every location it was sent to, in one transaction with one MessageReceived event each,
 * before the SMTP client hears 250. A Message-ID already stored for a location stores nothing there again (the
 * same message delivered twice, or re-sent by a client that never heard our answer). A reply (In-Reply-To or
 * References naming a message of the location) joins that message's session; any other message opens a session
 * of its own: an e-mail session is a thread. The sender's address decides the tenant (or an unknown sender), when
 * the sender was authenticated; an unverified sender binds to no tenant and joins no tenant's thread.
 */
@Injectable()
export class ReceiveInboundEmail {
  constructor(
    private readonly orm: MikroORM,
    private readonly tables: RoutingTables,
    private readonly drafts: MessageDrafts,
  ) {}

  /** The number of locations the message was stored for (0: a duplicate everywhere). */
  async receive(received: InboundEmail, receivedAt = new Date()): Promise<number> {
    const mail = storable(received);
    return (this.orm.em.fork() as EntityManager).transactional(async (em) => {
      let stored = 0;
      const seen = new Set<string>();
      for (const { address, route } of mail.recipients) {
        if (seen.has(route.locationId)) continue;
        seen.add(route.locationId);
        if (await this.storeFor(em, mail, address, route, receivedAt)) stored += 1;
      }
      return stored;
    });
  }

  private async storeFor(em: EntityManager, mail: InboundEmail, to: string, route: NumberRoute, receivedAt: Date): Promise<boolean> {
    const message = table(em, 'message');
    const known = await em.execute<{ id: string }[]>(`select id from ${message} where location_id = ? and channel = 'email' and external_id = ?`, [
      route.locationId,
      mail.messageId,
    ]);
    if (known.length > 0) return false;
    // An unverified sender may name a tenant's message in In-Reply-To (our own replies' Message-IDs reach the
    // tenant's mailbox and can be forwarded): it joins only threads bound to no tenant.
    const [thread] = mail.replyTo.length
      ? await em.execute<{ session_id: string }[]>(
          `select m.session_id from ${message} m join ${table(em, 'message_session')} s on s.id = m.session_id
            where m.location_id = ? and m.channel = 'email' and m.external_id = any(?::text[])${mail.senderVerified ? '' : ' and s.tenant_id is null'}
            order by m.received_at desc limit 1`,
          [route.locationId, `{${mail.replyTo.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`],
        )
      : [];
    // The sender's address decides the tenant, as the phone does for SMS (or an unknown sender, shown as such), when
    // the sender was authenticated: a From alone is anyone's to write.
    const tenant = mail.senderVerified ? await this.tables.tenantByEmail(em, route.locationId, mail.from.address) : null;
    const sessionId = thread?.session_id ?? (await this.openThread(em, mail, to, route, tenant, receivedAt));
    if (thread) {
      await em.execute(`update ${table(em, 'message_session')} set updated_at = greatest(updated_at, ?) where id = ?`, [receivedAt, sessionId], 'run');
    }
    const messageId = uuidv7();
    const body = mail.text.slice(0, messagingLimits.emailBody);
    const senderName = tenant?.fullName || mail.from.name?.slice(0, 200) || null;
    // A concurrent delivery of the same message may have won since the check: then this one stores nothing.
    const inserted = await em.execute<{ id: string }[]>(
      `insert into ${message}
         (id, provider, external_id, channel, direction, role, status, session_id, location_id, account_id, tenant_id, sender_name,
          sender_verified, from_address, to_address, body, subject, raw_key, media, received_at, updated_at)
       values (?, ?, ?, 'email', 'inbound', 'tenant', 'received', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]'::jsonb, ?, ?)
       on conflict (location_id, external_id) where channel = 'email' do nothing
       returning id`,
      [
        messageId,
        mail.provider,
        mail.messageId,
        sessionId,
        route.locationId,
        route.accountId,
        tenant?.tenantId ?? null,
        senderName,
        mail.senderVerified,
        mail.from.address,
        to,
        body,
        mail.subject,
        mail.rawKey,
        receivedAt,
        receivedAt,
      ],
    );
    if (inserted.length === 0) return false;
    recordEvent(em, MessageReceived, {
      ...route,
      messageId,
      sessionId,
      channel: 'email',
      provider: mail.provider,
      externalId: mail.messageId,
      from: mail.from.address,
      to,
      tenantId: tenant?.tenantId ?? null,
      buildingId: tenant?.buildingId ?? null,
      senderName,
      body,
      subject: mail.subject,
      media: [],
      receivedAt: receivedAt.toISOString(),
    });
    await this.recordAttachments(em, mail.attachments, { route, messageId, tenant, receivedAt });
    await this.drafts.request(em, messageId, 'ai', null, receivedAt);
    return true;
  }

  /** The message's attachments listed on it, each announced for the vault, in the message's transaction. */
  private async recordAttachments(
    em: EntityManager,
    attachments: readonly KeptAttachment[],
    { route, messageId, tenant, receivedAt }: { route: NumberRoute; messageId: string; tenant: KnownTenant | null; receivedAt: Date },
  ): Promise<void> {
    for (const [position, attachment] of attachments.entries()) {
      const attachmentId = uuidv7();
      await em.execute(
        `insert into ${table(em, 'message_attachment')} (id, message_id, position, file_name, content_type, size, sha256, storage_key, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [attachmentId, messageId, position, attachment.fileName, attachment.contentType, attachment.size, attachment.sha256, attachment.key, receivedAt],
        'run',
      );
      recordEvent(em, EmailAttachmentReceived, {
        ...route,
        messageId,
        attachmentId,
        buildingId: tenant?.buildingId ?? null,
        unitId: tenant?.unitId ?? null,
        tenantId: tenant?.tenantId ?? null,
        fileName: attachment.fileName,
        contentType: attachment.contentType,
        size: attachment.size,
        sha256: attachment.sha256,
        storageKey: attachment.key,
        receivedAt: receivedAt.toISOString(),
      });
    }
  }

  private async openThread(em: EntityManager, mail: InboundEmail, to: string, route: NumberRoute, tenant: KnownTenant | null, receivedAt: Date): Promise<string> {
    const sessions = table(em, 'message_session');
    const [row] = await em.execute<{ id: string }[]>(
      `insert into ${sessions}
         (id, location_id, account_id, channel, party, tenant_id, building_id, from_name, from_address, to_address, subject, created_at, updated_at)
       values (?, ?, ?, 'email', ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (location_id, channel, party) do update set updated_at = greatest(${sessions}.updated_at, excluded.updated_at)
       returning id`,
      [
        uuidv7(),
        route.locationId,
        route.accountId,
        `thread:${mail.messageId}`,
        tenant?.tenantId ?? null,
        tenant?.buildingId ?? null,
        tenant?.fullName || mail.from.name?.slice(0, 200) || null,
        mail.from.address,
        to,
        mail.subject,
        receivedAt,
        receivedAt,
      ],
    );
    return row!.id;
  }
}

/**
 * A sender may put anything in a message, NUL bytes included (`=00` in a quoted-printable body or subject): they are
 * removed, and lone surrogates replaced, so the message is stored rather than refused by PostgreSQL and retried
 * forever. The raw message in MinIO keeps every byte.
 */
function storable(mail: InboundEmail): InboundEmail {
  return {
    ...mail,
    messageId: storableText(mail.messageId),
    replyTo: mail.replyTo.map(storableText),
    from: { address: storableText(mail.from.address), name: mail.from.name === null ? null : storableText(mail.from.name) },
    subject: mail.subject === null ? null : storableText(mail.subject),
    text: storableText(mail.text),
    attachments: mail.attachments.map((attachment) => ({ ...attachment, fileName: storableText(attachment.fileName) })),
  };
}
