import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MessageReceived, type ThreadMessage } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { MessageDrafts } from '../drafts/message-drafts.repository.js';
import { table } from '../routing/routing-tables.js';

interface ResidentSession {
  id: string;
  channel: 'sms' | 'email';
  location_id: string;
  account_id: string;
  tenant_id: string;
  building_id: string | null;
  from_address: string;
  to_address: string;
  subject: string | null;
  full_name: string | null;
  owner_user_id: string;
}

/** The provider name of what residents write in the portal (their messages' ids are `portal:<uuid>`). */
export const PORTAL_PROVIDER = 'portal';

/**
 * What a resident writes from the portal: an inbound message of their session, stored as the webhooks store a text or
 * an e-mail (the message, the session's activity, MessageReceived and the first draft in one transaction), so the team
 * sees it in the inbox with an AI draft and approves the reply like any other.
 */
@Injectable()
export class PortalMessages {
  constructor(private readonly drafts: MessageDrafts) {}

  /** The session when it is one of the resident's (their active tenants' by e-mail contact), else null. */
  async residentSession(em: EntityManager, sessionId: string, email: string): Promise<ResidentSession | null> {
    const [row] = await em.execute<ResidentSession[]>(
      `select s.id, s.channel, s.location_id, s.account_id, s.tenant_id, s.building_id, s.from_address, s.to_address, s.subject, d.full_name,
              coalesce(
                (select n.owner_user_id from ${table(em, 'location_phone_number')} n where n.location_id = s.location_id order by n.assigned desc limit 1),
                (select a.owner_user_id from ${table(em, 'location_email_address')} a where a.location_id = s.location_id limit 1)
              ) as owner_user_id
         from ${table(em, 'message_session')} s
         join ${table(em, 'tenant_directory')} d on d.tenant_id = s.tenant_id
        where s.id = ? and d.emails @> array[lower(?)]::text[] and not d.archived and not d.deleted`,
      [sessionId, email],
    );
    return row ?? null;
  }

  async store(em: EntityManager, session: ResidentSession, body: string, now = new Date()): Promise<ThreadMessage> {
    const id = uuidv7();
    const externalId = `${PORTAL_PROVIDER}:${id}`;
    const senderName = session.full_name || null;
    await em.execute(
      `insert into ${table(em, 'message')}
         (id, provider, external_id, channel, direction, role, status, session_id, location_id, account_id, tenant_id, sender_name,
          from_address, to_address, body, media, subject, received_at, updated_at)
       values (?, ?, ?, ?, 'inbound', 'tenant', 'received', ?, ?, ?, ?, ?, ?, ?, ?, '[]'::jsonb, ?, ?, ?)`,
      [id, PORTAL_PROVIDER, externalId, session.channel, session.id, session.location_id, session.account_id, session.tenant_id, senderName,
        session.from_address, session.to_address, body, session.subject, now, now],
      'run',
    );
    await em.execute(`update ${table(em, 'message_session')} set updated_at = greatest(updated_at, ?) where id = ?`, [now, session.id], 'run');
    recordEvent(em, MessageReceived, {
      locationId: session.location_id,
      accountId: session.account_id,
      ownerUserId: session.owner_user_id,
      messageId: id,
      sessionId: session.id,
      channel: session.channel,
      provider: PORTAL_PROVIDER,
      externalId,
      from: session.from_address,
      to: session.to_address,
      tenantId: session.tenant_id,
      buildingId: session.building_id,
      senderName,
      body,
      subject: session.subject,
      media: [],
      receivedAt: now.toISOString(),
    });
    await this.drafts.request(em, id, 'ai', null, now);
    const at = now.toISOString();
    return { id, session_id: session.id, external_id: externalId, direction: 'inbound', role: 'tenant', message: body, sender_name: senderName, sender_verified: true, media: [], created_at: at, updated_at: at, delivery_status: null, attachments: [] };
  }
}
