import { Module } from '@nestjs/common';
import { AccountPlans } from './account-plans.js';
import { PlanChangedConsumer } from './plan-changed.consumer.js';

/** The accounts' platform plans, copied from payments' events: what the navbar flags are decided by. */
@Module({ controllers: [PlanChangedConsumer], providers: [AccountPlans], exports: [AccountPlans] })
export class AccountPlansModule {}
