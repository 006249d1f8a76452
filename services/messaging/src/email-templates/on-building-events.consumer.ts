import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BuildingCreated, BuildingEmailSettingsHandedOver, LeaseRenewalRequested, RentNoticeRequested, TenantInvitationIssued, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { EmailTemplatesRepository } from './email-templates.repository.js';
import { TenantMail } from './tenant-mail.js';

/**
 * Portfolio's buildings (which location each is: access to its templates and signature) and the e-mails portfolio
 * and payments ask for; each handled once, in the transaction of its inbox row.
 */
@Controller()
export class OnBuildingEventsConsumer {
  constructor(
    private readonly templates: EmailTemplatesRepository,
    private readonly mail: TenantMail,
  ) {}

  @OnEvent(BuildingCreated, { durable: 'messaging.building-created' })
  async onBuildingCreated(@Payload() { id, data }: EventOf<typeof BuildingCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.templates.saveBuilding(transactionOf(context), { buildingId: data.buildingId, locationId: data.locationId, accountId: data.accountId }, id);
  }

  @OnEvent(BuildingEmailSettingsHandedOver, { durable: 'messaging.building-email-settings-handed-over' })
  async onHandedOver(@Payload() { id, data }: EventOf<typeof BuildingEmailSettingsHandedOver>, @Ctx() context: EventContext): Promise<void> {
    const em = transactionOf(context);
    const building = { buildingId: data.buildingId, locationId: data.locationId, accountId: data.accountId };
    await this.templates.saveBuilding(em, building, id);
    await this.templates.takeOver(em, building, data.signature, data.templates);
  }

  @OnEvent(TenantInvitationIssued, { durable: 'messaging.tenant-invitation-issued' })
  async onInvitation(@Payload() { id, data }: EventOf<typeof TenantInvitationIssued>, @Ctx() context: EventContext): Promise<void> {
    await this.mail.invitation(transactionOf(context), id, data);
  }

  @OnEvent(LeaseRenewalRequested, { durable: 'messaging.lease-renewal-requested' })
  async onRenewal(@Payload() { id, data }: EventOf<typeof LeaseRenewalRequested>, @Ctx() context: EventContext): Promise<void> {
    await this.mail.renewal(transactionOf(context), id, data);
  }

  @OnEvent(RentNoticeRequested, { durable: 'messaging.rent-notice-requested' })
  async onRentNotice(@Payload() { data }: EventOf<typeof RentNoticeRequested>, @Ctx() context: EventContext): Promise<void> {
    await this.mail.rentNotice(transactionOf(context), data);
  }
}

function transactionOf(context: EventContext): EntityManager {
  if (!context.em) throw new Error('messaging consumers need the transaction of their inbox row');
  return context.em as EntityManager;
}
