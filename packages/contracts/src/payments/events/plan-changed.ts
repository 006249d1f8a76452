import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { limits } from '../../portfolio/validation.js';
import { PlanKeySchema, PlanSubscriptionStatusSchema } from '../plans.js';

/**
 * An account's plan as its subscriptions now give it, each time Paddle's signed webhooks change one of them (a
 * checkout, a trial's end, a renewal, a cancellation). `plan` is `free` once no subscription holds one. Consumers keep
 * the latest by `occurredAt` (Paddle's time of the event), so a late delivery never turns a newer plan back.
 * Portfolio decides the navbar flags from it.
 */
export const PlanChanged = defineEvent({
  subject: 'pm.payments.plan.changed.v1',
  data: z.object({
    accountId: z.string().min(1).max(limits.id),
    plan: PlanKeySchema,
    /** The subscription that gives the plan (null: Free). */
    subscriptionId: z.string().min(1).max(100).nullable(),
    status: PlanSubscriptionStatusSchema.nullable(),
    trialEndsAt: z.iso.datetime({ offset: true }).nullable(),
    occurredAt: z.iso.datetime({ offset: true }),
  }),
  fixture: { accountId: 'usr_01HZX3', plan: 'growth', subscriptionId: 'sub_01hv8x9z2k3m4n5p6q7r8s9t0v', status: 'trialing', trialEndsAt: '2027-01-06T17:00:00.000Z', occurredAt: '2026-12-07T17:00:00.000Z' },
});
