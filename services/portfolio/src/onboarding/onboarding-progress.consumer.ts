import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  ConnectAccountActivated,
  RentDetailsSet,
  BuildingCreated,
  DocumentStatusChanged,
  LEASE_CATEGORY_ID,
  TenantCreated,
  TenantsInvited,
  UnitCreated,
  LocationEmailAddressGenerated,
  LocationPhoneNumberAssigned,
  LocationPhoneNumberReleased,
  PropertyLocationCreated,
  PropertyLocationOwnerChanged,
  type EventOf,
} from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { PropertyLocation } from '../property-locations/property-location.entity.js';
import { PropertyLocationRepository } from '../property-locations/property-location.repository.js';
import { LocationPhoneNumber } from '../channels/location-phone-number.entity.js';
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

  // Assigned and released events reach their consumers in no fixed order (a change sends both at once): each reads
  // whether the owner has a number now instead of trusting its own event to be the latest.
  @OnEvent(LocationPhoneNumberAssigned, { durable: 'portfolio.location-phone-number-assigned' })
  async onPhoneNumberAssigned(@Payload() event: EventOf<typeof LocationPhoneNumberAssigned>, @Ctx() context: EventContext): Promise<void> {
    await this.recomputeHasPhoneNumber(transactionOf(context), event.data.ownerUserId);
  }

  @OnEvent(LocationPhoneNumberReleased, { durable: 'portfolio.location-phone-number-released' })
  async onPhoneNumberReleased(@Payload() event: EventOf<typeof LocationPhoneNumberReleased>, @Ctx() context: EventContext): Promise<void> {
    await this.recomputeHasPhoneNumber(transactionOf(context), event.data.ownerUserId);
  }

  private async recomputeHasPhoneNumber(em: EntityManager, ownerUserId: string): Promise<void> {
    const progress = await progressOf(em, ownerUserId);
    const owned = (await this.locations.listOwnedBy(em, ownerUserId)).map((location) => location.id);
    progress.hasPhoneNumber = owned.length > 0 && (await em.count(LocationPhoneNumber, { locationId: { $in: owned } })) > 0;
    progress.updatedAt = new Date();
    await em.flush();
  }

  @OnEvent(LocationEmailAddressGenerated, { durable: 'portfolio.location-email-address-generated' })
  async onEmailAddressGenerated(@Payload() event: EventOf<typeof LocationEmailAddressGenerated>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    const progress = await progressOf(em, event.data.ownerUserId);
    progress.hasEmailAddress = true;
    progress.updatedAt = new Date();
    await em.flush();
  }

  @OnEvent(BuildingCreated, { durable: 'portfolio.building-created' })
  async onBuildingCreated(@Payload() event: EventOf<typeof BuildingCreated>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    (await progressOf(em, event.data.ownerUserId)).buildingAdded(event.data.buildingId);
    await em.flush();
  }

  @OnEvent(UnitCreated, { durable: 'portfolio.unit-created' })
  async onUnitCreated(@Payload() event: EventOf<typeof UnitCreated>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    (await progressOf(em, event.data.ownerUserId)).unitAdded(event.data.unitId);
    await em.flush();
  }

  @OnEvent(TenantCreated, { durable: 'portfolio.tenant-created' })
  async onTenantCreated(@Payload() event: EventOf<typeof TenantCreated>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    (await progressOf(em, event.data.ownerUserId)).tenantAdded(event.data.tenantId);
    await em.flush();
  }

  /**
   * The checklist's lease step is done once a document of the Lease category, of one of the owner's locations, is
   * PROCESSED (uploaded as a lease, categorised as one by the AI, or recategorised by a person after processing). It
   * stays done: the step records that the owner has used the vault for leases, not how many leases remain.
   */
  @OnEvent(DocumentStatusChanged, { durable: 'portfolio.document-status-changed' })
  async onDocumentStatusChanged(@Payload() event: EventOf<typeof DocumentStatusChanged>, @Ctx() context: EventContext): Promise<void> {
    const { status, categoryId, locationId } = event.data;
    if (status !== 'PROCESSED' || categoryId !== LEASE_CATEGORY_ID || locationId === null) return;
    const em = transactionOf(context);
    const location = await em.findOne(PropertyLocation, { id: locationId });
    if (!location) return;
    const progress = await progressOf(em, location.ownerUserId);
    if (progress.hasLeaseDocument) return;
    progress.hasLeaseDocument = true;
    progress.updatedAt = new Date();
    await em.flush();
  }

  /** The checklist's rent step: done once any unit of the owner's has rent (payments' RentDetailsSet). */
  @OnEvent(RentDetailsSet, { durable: 'portfolio.rent-details-set' })
  async onRentDetailsSet(@Payload() event: EventOf<typeof RentDetailsSet>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    const location = await em.findOne(PropertyLocation, { id: event.data.locationId });
    if (!location) return;
    const progress = await progressOf(em, location.ownerUserId);
    if (progress.hasRentSetup) return;
    progress.hasRentSetup = true;
    progress.updatedAt = new Date();
    await em.flush();
  }

  /** The checklist's payouts step: done once the account's Stripe account can take charges and pay out. */
  @OnEvent(ConnectAccountActivated, { durable: 'portfolio.connect-account-activated' })
  async onConnectAccountActivated(@Payload() event: EventOf<typeof ConnectAccountActivated>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    // The account is its owner's own today (identity: one account per user).
    const progress = await progressOf(em, event.data.accountId);
    if (progress.hasStripeConnected) return;
    progress.hasStripeConnected = true;
    progress.updatedAt = new Date();
    await em.flush();
  }

  @OnEvent(TenantsInvited, { durable: 'portfolio.tenants-invited' })
  async onTenantsInvited(@Payload() event: EventOf<typeof TenantsInvited>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    (await progressOf(em, event.data.ownerUserId)).tenantsInvited();
    await em.flush();
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('portfolio consumers need the transaction of their inbox row');
  return context.em;
}

/**
 * The owner's progress row, created once and read under a row lock. One owner's events (location, building, unit
 * created a moment apart) reach different consumers at the same time: each would find no row and insert one, and all
 * but the first would fail on the key and be redelivered. `insert … on conflict do nothing` waits for the first
 * insert's transaction instead, and the lock makes their changes apply one after another.
 */
async function progressOf(em: EntityManager, userId: string): Promise<OnboardingProgress> {
  const table = em.getMetadata(OnboardingProgress);
  const schema = em.config.get('schema') ?? 'portfolio';
  await em.execute(`insert into "${schema}"."${table.tableName}" (user_id, updated_at) values (?, now()) on conflict (user_id) do nothing`, [userId]);
  return em.findOneOrFail(OnboardingProgress, { userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}
