import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { RentBookModule } from '../rent/rent-book.module.js';
import { Receipts } from './receipts.js';
import { RentNotices } from './rent-notices.js';

/** What tenants are told about their rent (receipts, reminders, late notices, payment links), through messaging. */
@Module({
  imports: [DirectoryModule, LedgerModule, RentBookModule],
  providers: [RentNotices, Receipts],
  exports: [RentNotices, Receipts],
})
export class NoticesModule {}
