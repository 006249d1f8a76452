import type { EntityManager } from '@mikro-orm/postgresql';

export type PlansTable = 'plan_customer' | 'plan_subscription' | 'provider_event';

/** A table of the payments schema (the service's own, or a test schema) used by the plans feature, quoted for SQL. */
export function table(em: EntityManager, name: PlansTable): string {
  const schema = em.config.get('schema') ?? 'payments';
  return `"${schema}"."${name}"`;
}
