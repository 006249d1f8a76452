import { Module } from '@nestjs/common';
import { LedgerStore } from './ledger-store.js';

/** The append-only ledger in PostgreSQL. */
@Module({ providers: [LedgerStore], exports: [LedgerStore] })
export class LedgerModule {}
