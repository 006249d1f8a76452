import { Module } from '@nestjs/common';
import { OutboundModule } from '../outbound/outbound.module.js';
import { BuildingAccess } from './building-access.js';
import { EmailTemplatesRepository } from './email-templates.repository.js';
import { OnBuildingEventsConsumer } from './on-building-events.consumer.js';
import { TenantMail } from './tenant-mail.js';

/** The buildings' e-mail templates and signatures, and the e-mails portfolio and payments ask for (invitations, renewals, rent notices). */
@Module({
  imports: [OutboundModule],
  controllers: [OnBuildingEventsConsumer],
  providers: [EmailTemplatesRepository, BuildingAccess, TenantMail],
  exports: [EmailTemplatesRepository, BuildingAccess],
})
export class EmailTemplatesModule {}
