import { Module } from '@nestjs/common';
import { AccountPlans } from './account-plans.js';
import { PlanChangedConsumer } from './plan-changed.consumer.js';
import { PlanLimits } from './plan-limits.js';

/** The accounts' platform plans, copied from payments' events: what the navbar flags and the limits are decided by. */
@Module({ controllers: [PlanChangedConsumer], providers: [AccountPlans, PlanLimits], exports: [AccountPlans, PlanLimits] })
export class AccountPlansModule {}
