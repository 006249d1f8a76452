import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  PartnerAdded,
  PartnerRemoved,
  PartnerRoleChanged,
  PartnerUserLinked,
  PropertyLocationCreated,
  PropertyLocationOwnerChanged,
  type DataOf,
  type EventOf,
} from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { GrantCache } from './grant-cache.js';
import type { GrantEventContract } from './grant-events.js';
import { grantTables } from './grant-tables.js';

/**
 * Applies grant events to the service's grants projection: the one code path for portfolio (which applies each event
 * in the transaction that records it) and for every other service (which gets them through durable consumers).
 *
 * Each grant event type has its own durable consumer, so a service may see a partner's events out of order. Every
 * row therefore keeps the id of the event it reflects (UUIDv7, time-ordered) and only a later event overwrites it;
 * a removal stays as a row with `granted = false` so an older "added" arriving late cannot bring access back. The
 * partner events each carry the partner's whole access state (user, role) for the same reason.
 */
@Injectable()
export class GrantsProjection {
  constructor(private readonly cache: GrantCache) {}

  /**
   * For the source of a grant event (portfolio): records it in the outbox for the other services and applies it to
   * the local projection, both in the caller's transaction.
   */
  async record<C extends GrantEventContract>(em: EntityManager, contract: C, data: DataOf<C>): Promise<EventOf<C>> {
    const event = recordEvent(em, contract, data);
    await this.apply(em, contract, event);
    return event;
  }

  async apply<C extends GrantEventContract>(em: EntityManager, contract: C, event: EventOf<C>): Promise<void> {
    const stamp = event.id;
    this.cache.changed(em);
    switch (contract.subject) {
      case PropertyLocationCreated.subject:
      case PropertyLocationOwnerChanged.subject: {
        const data = event.data as EventOf<typeof PropertyLocationCreated | typeof PropertyLocationOwnerChanged>['data'];
        return this.location(em, data.locationId, data.accountId, stamp);
      }
      case PartnerAdded.subject: {
        const data = event.data as EventOf<typeof PartnerAdded>['data'];
        await this.partner(em, data.partnerId, data.accountId, data.userId, data.role, stamp);
        return this.link(em, data.partnerId, data.locationId, true, stamp);
      }
      case PartnerRoleChanged.subject:
      case PartnerUserLinked.subject: {
        const data = event.data as EventOf<typeof PartnerRoleChanged | typeof PartnerUserLinked>['data'];
        return this.partner(em, data.partnerId, data.accountId, data.userId, data.role, stamp);
      }
      case PartnerRemoved.subject: {
        const data = event.data as EventOf<typeof PartnerRemoved>['data'];
        return this.link(em, data.partnerId, data.locationId, false, stamp);
      }
      default:
        throw new Error(`Not a grant event: ${(contract as GrantEventContract).subject}`);
    }
  }

  private async location(em: EntityManager, locationId: string, accountId: string, stamp: string): Promise<void> {
    const t = grantTables(em);
    await em.execute(
      `insert into ${t.location} (location_id, account_id, stamp) values (?, ?, ?)
       on conflict (location_id) do update set account_id = excluded.account_id, stamp = excluded.stamp
       where ${t.location}.stamp <= excluded.stamp`,
      [locationId.toLowerCase(), accountId, stamp],
      'run',
    );
  }

  private async partner(em: EntityManager, partnerId: string, accountId: string, userId: string | null, role: string, stamp: string): Promise<void> {
    const t = grantTables(em);
    await em.execute(
      `insert into ${t.partner} (partner_id, account_id, user_id, role, stamp) values (?, ?, ?, ?, ?)
       on conflict (partner_id) do update
         set account_id = excluded.account_id, user_id = excluded.user_id, role = excluded.role, stamp = excluded.stamp
       where ${t.partner}.stamp <= excluded.stamp`,
      [partnerId, accountId, userId, role, stamp],
      'run',
    );
  }

  private async link(em: EntityManager, partnerId: string, locationId: string, granted: boolean, stamp: string): Promise<void> {
    const t = grantTables(em);
    await em.execute(
      `insert into ${t.partnerLocation} (partner_id, location_id, granted, stamp) values (?, ?, ?, ?)
       on conflict (partner_id, location_id) do update set granted = excluded.granted, stamp = excluded.stamp
       where ${t.partnerLocation}.stamp <= excluded.stamp`,
      [partnerId, locationId.toLowerCase(), granted, stamp],
      'run',
    );
  }
}
