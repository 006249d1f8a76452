import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PropertyLocationCreated, PropertyLocationUpdated, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { LocationNames } from './location-names.js';

/** Portfolio's location events → messaging's copy of location names (each in the transaction of its inbox row). */
@Controller()
export class OnLocationEventsConsumer {
  constructor(private readonly names: LocationNames) {}

  @OnEvent(PropertyLocationCreated, { durable: 'messaging.property-location-created' })
  async onCreated(@Payload() { id, data }: EventOf<typeof PropertyLocationCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.names.save(transactionOf(context), data.locationId, data.name, id);
  }

  @OnEvent(PropertyLocationUpdated, { durable: 'messaging.property-location-updated' })
  async onUpdated(@Payload() { id, data }: EventOf<typeof PropertyLocationUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.names.save(transactionOf(context), data.locationId, data.name, id);
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('messaging consumers need the transaction of their inbox row');
  return context.em as EntityManager;
}
