import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PLAN_LIMIT_CODE, planLimitMessages, planOf, PlanKeySchema, UPGRADE_PATH, type DataOf, type PlanChanged } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { table } from '../documents/vault-tables.js';

/** A plan's storage is written in GB; counted as GiB (1024³ bytes), the larger reading. */
const GB = 1024 ** 3;

/**
 * The vault's part of each account's plan (spec 000 §9: storage): the plan as payments last announced it, and the
 * check that a new document fits. An account without a plan record has no storage limit (as before plans were sold),
 * nor has Enterprise (unlimited).
 */
@Injectable()
export class StorageLimit {
  /** Payments' `PlanChanged`: the latest by Paddle's time of the event; an older one delivered late changes nothing. */
  async record(em: EntityManager, data: DataOf<typeof PlanChanged>): Promise<void> {
    const plans = table(em, 'account_plan');
    await em.execute(
      `insert into ${plans} (account_id, plan, occurred_at) values (?, ?, ?)
       on conflict (account_id) do update set plan = excluded.plan, occurred_at = excluded.occurred_at where ${plans}.occurred_at <= excluded.occurred_at`,
      [data.accountId, data.plan, data.occurredAt],
      'run',
    );
  }

  /**
   * Before filing `bytes` more for the account: refused with 409 `plan_limit` (the message names the plan's storage)
   * when its documents would then pass it. The plan row is read `for update`, so uploads at the same moment are
   * counted one after another.
   */
  async requireRoom(em: EntityManager, accountId: string, bytes: number): Promise<void> {
    const [row] = await em.execute<{ plan: string }[]>(`select plan from ${table(em, 'account_plan')} where account_id = ? for update`, [accountId], 'all');
    const key = PlanKeySchema.safeParse(row?.plan);
    if (!key.success) return;
    const plan = planOf(key.data);
    if (plan.features.storageGb === null) return;
    const [used] = await em.execute<{ bytes: string | null }[]>(`select sum(size) as bytes from ${table(em, 'document')} where account_id = ? and deleted_at is null`, [accountId], 'all');
    if (Number(used?.bytes ?? 0) + bytes > plan.features.storageGb * GB) {
      throw new RpcFailure(409, planLimitMessages.storage(plan), PLAN_LIMIT_CODE, { upgradeUrl: UPGRADE_PATH });
    }
  }
}
