import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessRole, DataOf, ContactChanged } from '@pm/contracts';
import { pgArray, table } from '../routing/routing-tables.js';

/** A partner as portfolio last announced them (PartnerUpdated). */
export interface PartnerState {
  partnerId: string;
  accountId: string;
  userId: string | null;
  fullName: string;
  email: string;
  /** E.164, or null. */
  phone: string | null;
  role: AccessRole;
  isEmergencyContact: boolean;
  locationIds: readonly string[];
}

/** Someone to notify of an emergency at a location: an emergency-contact partner, or the owner when there is none. */
export interface EmergencyRecipient {
  /** The partner's id, or `owner:<user id>`: names the recipient in the notification's dedupe key and the audit. */
  key: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** A location as messaging names it in a notification. */
export interface LocationFacts {
  locationId: string;
  accountId: string;
  name: string;
  addressText: string;
  ownerUserId: string | null;
}

/** A person's name and e-mail as a ticket's assignee shows them; null when messaging has not heard of them. */
export interface PersonFacts {
  fullName: string | null;
  email: string | null;
}

/**
 * Messaging's copies of who is who, from other contexts' events: partners (portfolio's PartnerUpdated), contacts
 * (portfolio's ContactChanged: the contacts page's people who are neither tenants nor partners), users
 * (identity's UserRegistered) and locations (portfolio's location events). Each row keeps the id of the event it
 * reflects (`stamp`, UUIDv7, time-ordered) and only a later event overwrites it, as in `RoutingTables`, so the
 * consumers may see a partner's events in any order. Read in a consumer's transaction: no call to another service
 * when an urgent message must notify someone.
 */
@Injectable()
export class Directory {
  /** A contact's latest state; one deleted from its last location keeps its row with no location (reaching nobody). */
  async saveContact(em: EntityManager, contact: DataOf<typeof ContactChanged>, stamp: string): Promise<void> {
    const t = table(em, 'contact_directory');
    await em.execute(
      `insert into ${t} (contact_id, account_id, full_name, emails, location_ids, stamp)
       values (?, ?, ?, ?::text[], ?::text[], ?)
       on conflict (contact_id) do update
         set account_id = excluded.account_id, full_name = excluded.full_name, emails = excluded.emails,
             location_ids = excluded.location_ids, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [contact.contactId, contact.accountId, contact.name, pgArray(contact.emails), pgArray(contact.locationIds), stamp],
      'run',
    );
  }

  async savePartner(em: EntityManager, partner: PartnerState, stamp: string): Promise<void> {
    const t = table(em, 'partner_directory');
    await em.execute(
      `insert into ${t} (partner_id, account_id, user_id, full_name, email, phone, role, is_emergency_contact, location_ids, stamp)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::text[], ?)
       on conflict (partner_id) do update
         set account_id = excluded.account_id, user_id = excluded.user_id, full_name = excluded.full_name, email = excluded.email,
             phone = excluded.phone, role = excluded.role, is_emergency_contact = excluded.is_emergency_contact,
             location_ids = excluded.location_ids, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [
        partner.partnerId,
        partner.accountId,
        partner.userId,
        partner.fullName,
        partner.email,
        partner.phone,
        partner.role,
        partner.isEmergencyContact,
        `{${partner.locationIds.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
        stamp,
      ],
      'run',
    );
  }

  async saveUser(em: EntityManager, user: { userId: string; email: string; fullName: string }, stamp: string): Promise<void> {
    const t = table(em, 'user_directory');
    await em.execute(
      `insert into ${t} (user_id, email, full_name, stamp) values (?, ?, ?, ?)
       on conflict (user_id) do update set email = excluded.email, full_name = excluded.full_name, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [user.userId, user.email, user.fullName, stamp],
      'run',
    );
  }

  /** A location's details (created or updated); the owner only from an event that carries one. */
  async saveLocation(em: EntityManager, location: { locationId: string; accountId: string; name: string; addressText: string; ownerUserId?: string }, stamp: string): Promise<void> {
    const t = table(em, 'location_directory');
    const owner = location.ownerUserId ?? null;
    await em.execute(
      `insert into ${t} (location_id, account_id, owner_user_id, name, address_text, stamp, owner_stamp) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (location_id) do update
         set account_id = excluded.account_id, name = excluded.name, address_text = excluded.address_text, stamp = excluded.stamp,
             owner_user_id = case when excluded.owner_stamp is not null and (${t}.owner_stamp is null or ${t}.owner_stamp < excluded.owner_stamp)
                                  then excluded.owner_user_id else ${t}.owner_user_id end,
             owner_stamp = case when excluded.owner_stamp is not null and (${t}.owner_stamp is null or ${t}.owner_stamp < excluded.owner_stamp)
                                then excluded.owner_stamp else ${t}.owner_stamp end
       where ${t}.stamp < excluded.stamp`,
      [location.locationId, location.accountId, owner, location.name, location.addressText, stamp, owner ? stamp : null],
      'run',
    );
  }

  /** The location moved to another owner (the details stay as they are, or empty until the location's own event arrives). */
  async saveOwner(em: EntityManager, location: { locationId: string; accountId: string; ownerUserId: string }, stamp: string): Promise<void> {
    const t = table(em, 'location_directory');
    await em.execute(
      `insert into ${t} (location_id, account_id, owner_user_id, name, address_text, stamp, owner_stamp) values (?, ?, ?, '', '', '', ?)
       on conflict (location_id) do update set owner_user_id = excluded.owner_user_id, owner_stamp = excluded.owner_stamp
       where ${t}.owner_stamp is null or ${t}.owner_stamp < excluded.owner_stamp`,
      [location.locationId, location.accountId, location.ownerUserId, stamp],
      'run',
    );
  }

  /** The location's name (what a caller hears in the greeting, what the sandbox phone lists); null until it is known. */
  async nameOf(em: EntityManager, locationId: string): Promise<string | null> {
    return (await this.location(em, locationId))?.name || null;
  }

  async location(em: EntityManager, locationId: string): Promise<LocationFacts | null> {
    const [row] = await em.execute<{ location_id: string; account_id: string; name: string; address_text: string; owner_user_id: string | null }[]>(
      `select location_id, account_id, name, address_text, owner_user_id from ${table(em, 'location_directory')} where location_id = ?`,
      [locationId],
    );
    return row ? { locationId: row.location_id, accountId: row.account_id, name: row.name, addressText: row.address_text, ownerUserId: row.owner_user_id } : null;
  }

  /**
   * Whom an emergency at the location notifies: its emergency-contact partners (oldest announcement first, so the
   * order is stable), or, when it has none, its owner by e-mail (from identity's copy). Empty when neither is known.
   */
  async emergencyRecipients(em: EntityManager, locationId: string, accountId: string): Promise<EmergencyRecipient[]> {
    const contacts = await em.execute<{ partner_id: string; full_name: string; email: string; phone: string | null }[]>(
      `select partner_id, full_name, email, phone from ${table(em, 'partner_directory')}
        where location_ids @> array[?]::text[] and account_id = ? and is_emergency_contact
        order by partner_id`,
      [locationId, accountId],
    );
    if (contacts.length > 0) return contacts.map((c) => ({ key: c.partner_id, name: c.full_name, email: c.email, phone: c.phone }));
    const ownerUserId = (await this.location(em, locationId))?.ownerUserId ?? accountId;
    const [owner] = await em.execute<{ email: string; full_name: string }[]>(`select email, full_name from ${table(em, 'user_directory')} where user_id = ?`, [ownerUserId]);
    return owner ? [{ key: `owner:${ownerUserId}`, name: owner.full_name, email: owner.email, phone: null }] : [];
  }

  /** The names of users as a ticket's assignee shows them: a partner of the account first, else the user's own copy. */
  async people(em: EntityManager, accountId: string, userIds: readonly string[]): Promise<Map<string, PersonFacts>> {
    const found = new Map<string, PersonFacts>();
    if (userIds.length === 0) return found;
    const ids = [...new Set(userIds)];
    const marks = ids.map(() => '?').join(', ');
    const users = await em.execute<{ user_id: string; email: string; full_name: string }[]>(
      `select user_id, email, full_name from ${table(em, 'user_directory')} where user_id in (${marks})`,
      ids,
    );
    for (const u of users) found.set(u.user_id, { fullName: u.full_name, email: u.email });
    const partners = await em.execute<{ user_id: string; email: string; full_name: string }[]>(
      `select distinct on (user_id) user_id, email, full_name from ${table(em, 'partner_directory')}
        where account_id = ? and user_id in (${marks}) order by user_id, stamp desc`,
      [accountId, ...ids],
    );
    for (const p of partners) found.set(p.user_id, { fullName: p.full_name, email: p.email });
    return found;
  }
}
