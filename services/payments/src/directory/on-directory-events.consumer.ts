import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BuildingCreated, PropertyLocationCreated, PropertyLocationUpdated, TenantCreated, TenantDeleted, TenantUpdated, UnitCreated, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { DirectoryRepository } from './directory.repository.js';

/** Portfolio's locations, buildings, units and tenants → payments' directory (each in the transaction of its inbox row). */
@Controller()
export class OnDirectoryEventsConsumer {
  constructor(private readonly directory: DirectoryRepository) {}

  @OnEvent(PropertyLocationCreated, { durable: 'payments.directory-location-created' })
  async onLocationCreated(@Payload() { id, data }: EventOf<typeof PropertyLocationCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveLocation(transactionOf(context), data, id);
  }

  @OnEvent(PropertyLocationUpdated, { durable: 'payments.directory-location-updated' })
  async onLocationUpdated(@Payload() { id, data }: EventOf<typeof PropertyLocationUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveLocation(transactionOf(context), data, id);
  }

  @OnEvent(BuildingCreated, { durable: 'payments.directory-building-created' })
  async onBuildingCreated(@Payload() { id, data }: EventOf<typeof BuildingCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveBuilding(transactionOf(context), data, id);
  }

  @OnEvent(UnitCreated, { durable: 'payments.directory-unit-created' })
  async onUnitCreated(@Payload() { id, data }: EventOf<typeof UnitCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveUnit(transactionOf(context), data, id);
  }

  @OnEvent(TenantCreated, { durable: 'payments.directory-tenant-created' })
  async onTenantCreated(@Payload() { id, data }: EventOf<typeof TenantCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveTenant(transactionOf(context), { ...data, fullName: data.fullName ?? '', emails: data.emails ?? [], phones: data.phoneNumbers ?? [], archived: false, deleted: false }, id);
  }

  @OnEvent(TenantUpdated, { durable: 'payments.directory-tenant-updated' })
  async onTenantUpdated(@Payload() { id, data }: EventOf<typeof TenantUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveTenant(transactionOf(context), { ...data, emails: data.emails ?? [], phones: data.phoneNumbers ?? [], deleted: false }, id);
  }

  @OnEvent(TenantDeleted, { durable: 'payments.directory-tenant-deleted' })
  async onTenantDeleted(@Payload() { id, data }: EventOf<typeof TenantDeleted>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    const known = await this.directory.tenant(em, data.tenantId);
    await this.directory.saveTenant(em, { ...data, fullName: known?.full_name ?? '', emails: known?.emails ?? [], phones: known?.phones ?? [], archived: known?.archived ?? true, deleted: true }, id);
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('payments consumers need the transaction of their inbox row');
  return context.em as EntityManager;
}
