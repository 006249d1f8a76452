import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PlanKeySchema, type DataOf, type PlanChanged, type PlanKey } from '@pm/contracts';

/**
 * Each account's platform plan as payments last announced it (`PlanChanged`), kept in `account_plan`. A later event
 * replaces an earlier one; one older than what is kept (a redelivery, or two events crossing) changes nothing.
 */
@Injectable()
export class AccountPlans {
  async record(em: EntityManager, data: DataOf<typeof PlanChanged>): Promise<void> {
    const table = tableOf(em);
    await em.execute(
      `insert into ${table} (account_id, plan, status, subscription_id, trial_ends_at, occurred_at) values (?, ?, ?, ?, ?, ?)
       on conflict (account_id) do update set plan = excluded.plan, status = excluded.status, subscription_id = excluded.subscription_id,
         trial_ends_at = excluded.trial_ends_at, occurred_at = excluded.occurred_at, updated_at = now()
       where ${table}.occurred_at <= excluded.occurred_at`,
      [data.accountId, data.plan, data.status, data.subscriptionId, data.trialEndsAt, data.occurredAt],
      'run',
    );
  }

  /** The account's plan, or null when payments never announced one for it. */
  async planOf(em: EntityManager, accountId: string): Promise<PlanKey | null> {
    const [row] = await em.execute<{ plan: string }[]>(`select plan from ${tableOf(em)} where account_id = ?`, [accountId], 'all');
    if (!row) return null;
    const plan = PlanKeySchema.safeParse(row.plan);
    return plan.success ? plan.data : null;
  }
}

function tableOf(em: EntityManager): string {
  return `"${em.config.get('schema') ?? 'portfolio'}"."account_plan"`;
}
