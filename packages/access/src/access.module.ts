import { Module, type DynamicModule } from '@nestjs/common';
import { GrantCache } from './grants/grant-cache.js';
import { grantEventsConsumer } from './grants/grant-events.consumer.js';
import { GrantsProjection } from './grants/grants-projection.js';
import { LocationAccess } from './location-access.js';

/**
 * Location access for a service: LocationAccess (the decision) and GrantsProjection (the service's copy of who may
 * reach which location). Global, so every feature module of the service decides access the same way.
 */
@Module({})
export class AccessModule {
  /**
   * A location-scoped service other than portfolio: its projection is fed by durable consumers of portfolio's grant
   * events, named `<service>.access-<event>`.
   */
  static forConsumer(service: string): DynamicModule {
    return { module: AccessModule, global: true, controllers: [grantEventsConsumer(service)], providers: [GrantCache, LocationAccess, GrantsProjection], exports: [LocationAccess, GrantsProjection] };
  }

  /**
   * Portfolio, the source of the grant events: it applies each one to its projection in the transaction that
   * records it (GrantsProjection.apply), so a location created by one request is reachable by the next.
   */
  static forSource(): DynamicModule {
    return { module: AccessModule, global: true, providers: [GrantCache, LocationAccess, GrantsProjection], exports: [LocationAccess, GrantsProjection] };
  }
}
