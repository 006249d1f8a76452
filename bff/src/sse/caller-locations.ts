import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { ListPropertyLocations, PartnerAdded, PropertyLocationCreated, PropertyLocationOwnerChanged } from '@pm/contracts';
import { NATS_CONNECTION, RpcClient } from '@pm/messaging';
import { SSE_STREAMS_OPTIONS, type SseStreamsOptions } from './sse-streams.options.js';

/** Events after which someone may reach a location they could not before: the cache is dropped at once. */
const grantChanges = [PartnerAdded, PropertyLocationCreated, PropertyLocationOwnerChanged];

interface Entry {
  expiresAt: number;
  locations: Promise<ReadonlySet<string>>;
}

/**
 * Which locations a caller can reach, as the portfolio service answers `ListPropertyLocations` for the caller's own
 * token (the service alone decides access). A stream asks on every event, so answers are kept briefly per user.
 */
@Injectable()
export class CallerLocations implements OnModuleInit, OnModuleDestroy {
  private readonly cache = new Map<string, Entry>();
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SSE_STREAMS_OPTIONS) private readonly options: Required<SseStreamsOptions>,
  ) {}

  onModuleInit(): void {
    // Core NATS sees every event JetStream stores; no durable consumer is needed to drop a cache.
    this.subscriptions = grantChanges.map((event) => this.nc.subscribe(event.subject, { callback: () => this.cache.clear() }));
  }

  onModuleDestroy(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  /** Rejects with the service's RpcFailure (401 once the token has expired, 503 when portfolio is away). */
  of(userId: string, authorization: string): Promise<ReadonlySet<string>> {
    const now = Date.now();
    const cached = this.cache.get(userId);
    if (cached && cached.expiresAt > now) return cached.locations;
    const locations = this.rpc
      .request(ListPropertyLocations, {}, { authorization })
      .then((list) => new Set(list.map((location) => location.id)) as ReadonlySet<string>);
    const entry = { expiresAt: now + this.options.locationsTtlMs, locations };
    this.cache.set(userId, entry);
    // A failed answer is not kept: the next event asks again.
    locations.catch(() => {
      if (this.cache.get(userId) === entry) this.cache.delete(userId);
    });
    return locations;
  }
}
