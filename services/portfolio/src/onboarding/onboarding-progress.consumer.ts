import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PropertyLocationCreated, PropertyLocationOwnerChanged, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { PropertyLocationRepository } from '../property-locations/property-location.repository.js';
import { OnboardingProgress } from './onboarding-progress.entity.js';

/**
 * Builds the onboarding progress read model from events, each in the transaction of its inbox row (a redelivered
 * event changes nothing twice). Buildings, units, tenants, phone numbers... add their own handlers here as their
 * events appear.
 */
@Controller()
export class OnboardingProgressConsumers {
  constructor(private readonly locations: PropertyLocationRepository) {}

  @OnEvent(PropertyLocationCreated, { durable: 'portfolio.property-location-created' })
  async onLocationCreated(@Payload() event: EventOf<typeof PropertyLocationCreated>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    (await progressOf(em, event.data.ownerUserId)).locationAdded(event.data.locationId);
    await em.flush();
  }

  @OnEvent(PropertyLocationOwnerChanged, { durable: 'portfolio.property-location-owner-changed' })
  async onLocationOwnerChanged(@Payload() event: EventOf<typeof PropertyLocationOwnerChanged>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    const { locationId, previousOwnerUserId, ownerUserId } = event.data;
    (await progressOf(em, ownerUserId)).locationAdded(locationId);
    const previous = await em.findOne(OnboardingProgress, { userId: previousOwnerUserId });
    if (previous) {
      const remaining = (await this.locations.listOwnedBy(em, previousOwnerUserId)).filter((l) => l.id !== locationId);
      previous.locationRemoved(locationId, remaining[0]?.id ?? null);
    }
    await em.flush();
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('portfolio consumers need the transaction of their inbox row');
  return context.em;
}

async function progressOf(em: EntityManager, userId: string): Promise<OnboardingProgress> {
  return (await em.findOne(OnboardingProgress, { userId })) ?? em.create(OnboardingProgress, { userId, updatedAt: new Date() });
}
