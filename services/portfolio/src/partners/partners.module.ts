import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { PartnerUserRegisteredConsumer } from './partner-user-registered.consumer.js';
import { PartnerRepository } from './partner.repository.js';
import { PartnersRpc } from './partners.rpc.js';
import { AddPartnerHandler } from './use-cases/add-partner/add-partner.handler.js';
import { ListPartnersHandler } from './use-cases/list-partners/list-partners.handler.js';
import { RemovePartnerHandler } from './use-cases/remove-partner/remove-partner.handler.js';
import { UpdatePartnerHandler } from './use-cases/update-partner/update-partner.handler.js';

/** Property partners: who else may work on a location, in which role (ROLE_PERMISSIONS in @pm/contracts says what each may do). */
@Module({
  imports: [AccountsModule],
  controllers: [PartnersRpc, PartnerUserRegisteredConsumer],
  providers: [PartnerRepository, ListPartnersHandler, AddPartnerHandler, UpdatePartnerHandler, RemovePartnerHandler],
})
export class PartnersModule {}
