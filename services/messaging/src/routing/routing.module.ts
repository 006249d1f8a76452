import { Module } from '@nestjs/common';
import { OnPortfolioEventsConsumer } from './on-portfolio-events.consumer.js';
import { RoutingTables } from './routing-tables.js';

/** Which location a number reaches and which tenant a phone is, copied from portfolio's events. */
@Module({ controllers: [OnPortfolioEventsConsumer], providers: [RoutingTables], exports: [RoutingTables] })
export class RoutingModule {}
