import { Controller, Inject, type Type } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  PartnerAdded,
  PartnerRemoved,
  PartnerRoleChanged,
  PartnerUserLinked,
  PropertyLocationCreated,
  PropertyLocationOwnerChanged,
  type EventOf,
} from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { GrantsProjection } from './grants-projection.js';

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('the grants projection needs the transaction of the inbox row (a service with a database)');
  return context.em;
}

/**
 * The durable consumers that feed a service's grants projection from portfolio's stream, named
 * `<service>.access-<event>` (public API, like every durable name). Built per service because the durable names
 * carry the service's name; each event is applied in the transaction of its inbox row, so redeliveries are harmless.
 */
export function grantEventsConsumer(service: string): Type<unknown> {
  @Controller()
  class GrantEventsConsumer {
    constructor(@Inject(GrantsProjection) private readonly projection: GrantsProjection) {}

    @OnEvent(PropertyLocationCreated, { durable: `${service}.access-location-created` })
    async onLocationCreated(@Payload() event: EventOf<typeof PropertyLocationCreated>, @Ctx() context: EventContext): Promise<void> {
      await this.projection.apply(transactionOf(context), PropertyLocationCreated, event);
    }

    @OnEvent(PropertyLocationOwnerChanged, { durable: `${service}.access-location-owner-changed` })
    async onOwnerChanged(@Payload() event: EventOf<typeof PropertyLocationOwnerChanged>, @Ctx() context: EventContext): Promise<void> {
      await this.projection.apply(transactionOf(context), PropertyLocationOwnerChanged, event);
    }

    @OnEvent(PartnerAdded, { durable: `${service}.access-partner-added` })
    async onPartnerAdded(@Payload() event: EventOf<typeof PartnerAdded>, @Ctx() context: EventContext): Promise<void> {
      await this.projection.apply(transactionOf(context), PartnerAdded, event);
    }

    @OnEvent(PartnerRoleChanged, { durable: `${service}.access-partner-role-changed` })
    async onPartnerRoleChanged(@Payload() event: EventOf<typeof PartnerRoleChanged>, @Ctx() context: EventContext): Promise<void> {
      await this.projection.apply(transactionOf(context), PartnerRoleChanged, event);
    }

    @OnEvent(PartnerUserLinked, { durable: `${service}.access-partner-user-linked` })
    async onPartnerUserLinked(@Payload() event: EventOf<typeof PartnerUserLinked>, @Ctx() context: EventContext): Promise<void> {
      await this.projection.apply(transactionOf(context), PartnerUserLinked, event);
    }

    @OnEvent(PartnerRemoved, { durable: `${service}.access-partner-removed` })
    async onPartnerRemoved(@Payload() event: EventOf<typeof PartnerRemoved>, @Ctx() context: EventContext): Promise<void> {
      await this.projection.apply(transactionOf(context), PartnerRemoved, event);
    }
  }
  return GrantEventsConsumer;
}
