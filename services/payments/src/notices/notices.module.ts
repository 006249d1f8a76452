import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { RentBook } from '../rent/rent-book.js';
import { Receipts } from './receipts.js';
import { RentNotices } from './rent-notices.js';

/** What tenants are told about their rent (receipts, reminders, late notices, payment links), through messaging. */
@Module({
  imports: [DirectoryModule, LedgerModule],
  providers: [RentNotices, Receipts, RentBook],
  exports: [RentNotices, Receipts],
})
export class NoticesModule {}
