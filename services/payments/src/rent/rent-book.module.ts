import { Module } from '@nestjs/common';
import { RentBook } from './rent-book.js';

/** Each unit's rent terms and the rents it has had: read by the rent calls, the schedule and the receipts. */
@Module({ providers: [RentBook], exports: [RentBook] })
export class RentBookModule {}
