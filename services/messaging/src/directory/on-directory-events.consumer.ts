import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContactChanged, PartnerUpdated, PropertyLocationCreated, PropertyLocationOwnerChanged, PropertyLocationUpdated, UserRegistered, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { Directory } from './directory.js';

/** Partners, contacts, users and locations → messaging's directory (each in the transaction of its inbox row). */
@Controller()
export class OnDirectoryEventsConsumer {
  constructor(private readonly directory: Directory) {}

  @OnEvent(PartnerUpdated, { durable: 'messaging.partner-updated' })
  async onPartnerUpdated(@Payload() { id, data }: EventOf<typeof PartnerUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.savePartner(transactionOf(context), data, id);
  }

  @OnEvent(ContactChanged, { durable: 'messaging.contact-changed' })
  async onContactChanged(@Payload() { id, data }: EventOf<typeof ContactChanged>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveContact(transactionOf(context), data, id);
  }

  @OnEvent(UserRegistered, { durable: 'messaging.user-registered' })
  async onUserRegistered(@Payload() { id, data }: EventOf<typeof UserRegistered>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveUser(transactionOf(context), data, id);
  }

  @OnEvent(PropertyLocationCreated, { durable: 'messaging.directory-location-created' })
  async onLocationCreated(@Payload() { id, data }: EventOf<typeof PropertyLocationCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveLocation(transactionOf(context), data, id);
  }

  @OnEvent(PropertyLocationUpdated, { durable: 'messaging.directory-location-updated' })
  async onLocationUpdated(@Payload() { id, data }: EventOf<typeof PropertyLocationUpdated>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveLocation(transactionOf(context), data, id);
  }

  @OnEvent(PropertyLocationOwnerChanged, { durable: 'messaging.directory-location-owner-changed' })
  async onOwnerChanged(@Payload() { id, data }: EventOf<typeof PropertyLocationOwnerChanged>, @Ctx() context: EventContext): Promise<void> {
    await this.directory.saveOwner(transactionOf(context), data, id);
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('messaging consumers need the transaction of their inbox row');
  return context.em as EntityManager;
}
