import { Module } from '@nestjs/common';
import { ConnectModule } from '../connect/connect.module.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { NoticesModule } from '../notices/notices.module.js';
import { ChargeSchedule } from './charge-schedule.js';
import { PostDueRentChargesRpc } from './post-due-rent-charges.rpc.js';
import { RentBookModule } from './rent-book.module.js';
import { LedgerCorrections } from './ledger-corrections.js';
import { RecurringRent } from './recurring-rent.js';
import { RecurringRentEvents } from './recurring-rent-events.js';
import { RentLinks } from './rent-links.js';
import { RentSubscriptions } from './rent-subscriptions.js';
import { ResidentPayments } from '../resident/resident-payments.js';
import { UnitRent } from './unit-rent.js';

/** Each unit's rent: its details and prices, its ledger as the calls show it, the charges its terms make due (posted when the rent clock asks), and its recurring payments. */
@Module({
  imports: [DirectoryModule, LedgerModule, ConnectModule, NoticesModule, RentBookModule],
  controllers: [PostDueRentChargesRpc],
  providers: [UnitRent, ChargeSchedule, RentLinks, ResidentPayments, RentSubscriptions, RecurringRent, RecurringRentEvents, LedgerCorrections],
  exports: [RentBookModule, UnitRent, ChargeSchedule, RentLinks, ResidentPayments, RentSubscriptions, RecurringRent, RecurringRentEvents, LedgerCorrections, DirectoryModule, LedgerModule, ConnectModule, NoticesModule],
})
export class RentModule {}
