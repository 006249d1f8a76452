import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BuildingCreated, ContactChanged, PartnerUpdated, TenantCreated, TenantDeleted, TenantUpdated, UnitCreated, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { DirectoryRepository } from './directory.repository.js';

/** Portfolio's buildings, units, tenants, partners and contacts → the vault's directory (each in the transaction of its inbox row). */
@Controller()
export class OnDirectoryEventsConsumer {
  constructor(private readonly directory: DirectoryRepository) {}

  @OnEvent(BuildingCreated, { durable: 'vault.directory-building-created' })
  async onBuildingCreated(@Payload() { id, data }: EventOf<typeof BuildingCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveBuilding(transactionOf(context), data, id);
  }

  @OnEvent(UnitCreated, { durable: 'vault.directory-unit-created' })
  async onUnitCreated(@Payload() { id, data }: EventOf<typeof UnitCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveUnit(transactionOf(context), data, id);
  }

  @OnEvent(TenantCreated, { durable: 'vault.directory-tenant-created' })
  async onTenantCreated(@Payload() { id, data }: EventOf<typeof TenantCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveTenant(transactionOf(context), { ...data, fullName: data.fullName ?? '' }, id);
  }

  @OnEvent(TenantUpdated, { durable: 'vault.directory-tenant-updated' })
  async onTenantUpdated(@Payload() { id, data }: EventOf<typeof TenantUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveTenant(transactionOf(context), data, id);
  }

  @OnEvent(TenantDeleted, { durable: 'vault.directory-tenant-deleted' })
  async onTenantDeleted(@Payload() { id, data }: EventOf<typeof TenantDeleted>, @Ctx() context: EventContext): Promise<void> {
    // TenantDeleted names no building: the one known stays (a tenant never deleted before being created has none).
    const em = transactionOf(context);
    const known = await this.directory.tenantAnyState(em, data.tenantId);
    await this.directory.saveTenant(em, { ...data, buildingId: known?.building_id ?? '', fullName: undefined, archived: known?.archived ?? false, deleted: true }, id);
  }

  @OnEvent(ContactChanged, { durable: 'vault.directory-contact-changed' })
  async onContactChanged(@Payload() { id, data }: EventOf<typeof ContactChanged>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveContact(transactionOf(context), data, id);
  }

  @OnEvent(PartnerUpdated, { durable: 'vault.directory-partner-updated' })
  async onPartnerUpdated(@Payload() { id, data }: EventOf<typeof PartnerUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.savePartner(transactionOf(context), data, id);
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('vault consumers need the transaction of their inbox row');
  return context.em as EntityManager;
}
