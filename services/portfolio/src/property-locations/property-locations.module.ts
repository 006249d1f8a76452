import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { OnAnonymousUserLinkedConsumer } from './on-anonymous-user-linked.consumer.js';
import { PropertyLocationRepository } from './property-location.repository.js';
import { PropertyLocationRpc } from './property-location.rpc.js';
import { CreatePropertyLocationHandler } from './use-cases/create-property-location/create-property-location.handler.js';
import { GetPropertyLocationHandler } from './use-cases/get-property-location/get-property-location.handler.js';
import { ListPropertyLocationsHandler } from './use-cases/list-property-locations/list-property-locations.handler.js';
import { ReownAnonymousLocationsHandler } from './use-cases/reown-anonymous-locations/reown-anonymous-locations.handler.js';
import { UpdatePropertyLocationHandler } from './use-cases/update-property-location/update-property-location.handler.js';

@Module({
  imports: [AccountsModule],
  controllers: [PropertyLocationRpc, OnAnonymousUserLinkedConsumer],
  providers: [
    PropertyLocationRepository,
    CreatePropertyLocationHandler,
    ListPropertyLocationsHandler,
    GetPropertyLocationHandler,
    UpdatePropertyLocationHandler,
    ReownAnonymousLocationsHandler,
  ],
  exports: [PropertyLocationRepository],
})
export class PropertyLocationsModule {}
