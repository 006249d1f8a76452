import { Module } from '@nestjs/common';
import { OnAnonymousUserLinkedConsumer } from './on-anonymous-user-linked.consumer.js';
import { PropertyLocationRepository } from './property-location.repository.js';
import { ReownAnonymousLocationsHandler } from './use-cases/reown-anonymous-locations/reown-anonymous-locations.handler.js';

/** The shared location repository and the consumer that re-owns an anonymous visitor's locations; the requests are use cases. */
@Module({
  controllers: [OnAnonymousUserLinkedConsumer],
  providers: [PropertyLocationRepository, ReownAnonymousLocationsHandler],
  exports: [PropertyLocationRepository],
})
export class PropertyLocationsModule {}
