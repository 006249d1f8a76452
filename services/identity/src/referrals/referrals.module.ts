import { Module } from '@nestjs/common';
import { ReferralsRepository } from './referrals.repository.js';

/** Referrals (spec 4.3): where a person came from, read back and marked followed. */
@Module({ providers: [ReferralsRepository], exports: [ReferralsRepository] })
export class ReferralsModule {}
