import { Module } from '@nestjs/common';
import { LocationNames } from './location-names.js';
import { OnLocationEventsConsumer } from './on-location-events.consumer.js';
import { OnPortfolioEventsConsumer } from './on-portfolio-events.consumer.js';
import { RoutingTables } from './routing-tables.js';

/** Which location a number reaches, its name, and which tenant a phone is, copied from portfolio's events. */
@Module({ controllers: [OnPortfolioEventsConsumer, OnLocationEventsConsumer], providers: [RoutingTables, LocationNames], exports: [RoutingTables, LocationNames] })
export class RoutingModule {}
