import { Module } from '@nestjs/common';
import { PartnerUserRegisteredConsumer } from './partner-user-registered.consumer.js';
import { PartnerRepository } from './partner.repository.js';

/**
 * Property partners: who else may work on a location, in which role (ROLE_PERMISSIONS in @pm/contracts says what
 * each may do). The module links invited partners to the users who register; the requests are use cases.
 */
@Module({
  controllers: [PartnerUserRegisteredConsumer],
  providers: [PartnerRepository],
  exports: [PartnerRepository],
})
export class PartnersModule {}
