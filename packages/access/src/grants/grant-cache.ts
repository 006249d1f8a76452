import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessCaller, LocationGrant } from '../location-access.js';

/** How long a grant read from the projection answers without asking it again. */
const ENTRY_MS = 2_000;
/** After this process applies a grant event, how long nothing is remembered (its transaction may not have committed). */
const QUIET_MS = 2_000;
const MAX_ENTRIES = 10_000;

/**
 * The grants this process read from its projection lately, so a request's access check costs no query of its own.
 * Only grants are kept, never "no access": a location created by one request is found by the next in the projection
 * (a 404 costs the query, as an unknown id should). Every grant event this process applies (GrantsProjection) drops
 * all entries at once, stops remembering for a moment (the event's transaction commits after it is applied) and sends
 * the applying transaction itself to the projection, so a removed partner loses access with the next request. What
 * another process writes to the projection (a second replica's consumer) shows within ENTRY_MS.
 */
@Injectable()
export class GrantCache {
  private readonly entries = new Map<string, { grant: LocationGrant; until: number }>();
  private readonly changing = new WeakSet<EntityManager>();
  private generation = 0;
  private quietUntil = 0;

  lookup(em: EntityManager, caller: AccessCaller, locationId: string): LocationGrant | undefined {
    if (this.changing.has(em)) return undefined;
    const entry = this.entries.get(keyOf(caller, locationId));
    return entry && entry.until > performance.now() ? entry.grant : undefined;
  }

  /** The state a read starts from; `remember` keeps its answer only when no grant event was applied meanwhile. */
  mark(): number {
    return this.generation;
  }

  remember(em: EntityManager, caller: AccessCaller, locationId: string, grant: LocationGrant, mark: number): void {
    const now = performance.now();
    if (mark !== this.generation || now < this.quietUntil || this.changing.has(em)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(keyOf(caller, locationId), { grant, until: now + ENTRY_MS });
  }

  /** A grant event was applied in `em`'s transaction. */
  changed(em: EntityManager): void {
    this.generation++;
    this.entries.clear();
    this.quietUntil = performance.now() + QUIET_MS;
    this.changing.add(em);
  }
}

function keyOf(caller: AccessCaller, locationId: string): string {
  return `${locationId}/${caller.userId}/${caller.accountId}`;
}
