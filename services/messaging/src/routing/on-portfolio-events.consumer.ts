import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LocationPhoneNumberAssigned, LocationPhoneNumberReleased, TenantCreated, TenantDeleted, TenantUpdated, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { RoutingTables } from './routing-tables.js';

/** Portfolio's phone-number and tenant events → messaging's routing tables (each in the transaction of its inbox row). */
@Controller()
export class OnPortfolioEventsConsumer {
  constructor(private readonly tables: RoutingTables) {}

  @OnEvent(LocationPhoneNumberAssigned, { durable: 'messaging.location-phone-number-assigned' })
  async onNumberAssigned(@Payload() { id, data }: EventOf<typeof LocationPhoneNumberAssigned>, @Ctx() context: EventContext): Promise<void> {
    await this.tables.assignNumber(transactionOf(context), data.phoneNumber, data, id);
  }

  @OnEvent(LocationPhoneNumberReleased, { durable: 'messaging.location-phone-number-released' })
  async onNumberReleased(@Payload() { id, data }: EventOf<typeof LocationPhoneNumberReleased>, @Ctx() context: EventContext): Promise<void> {
    await this.tables.releaseNumber(transactionOf(context), data.phoneNumber, data, id);
  }

  @OnEvent(TenantCreated, { durable: 'messaging.tenant-created' })
  async onTenantCreated(@Payload() { id, data }: EventOf<typeof TenantCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.tables.saveTenant(
      transactionOf(context),
      { ...data, fullName: data.fullName ?? '', phoneNumbers: data.phoneNumbers ?? [], archived: false },
      id,
    );
  }

  @OnEvent(TenantUpdated, { durable: 'messaging.tenant-updated' })
  async onTenantUpdated(@Payload() { id, data }: EventOf<typeof TenantUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.tables.saveTenant(transactionOf(context), data, id);
  }

  @OnEvent(TenantDeleted, { durable: 'messaging.tenant-deleted' })
  async onTenantDeleted(@Payload() { id, data }: EventOf<typeof TenantDeleted>, @Ctx() context: EventContext): Promise<void> {
    await this.tables.deleteTenant(transactionOf(context), data, id);
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('messaging consumers need the transaction of their inbox row');
  return context.em as EntityManager;
}
