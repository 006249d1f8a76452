import type { EntityManager } from '@mikro-orm/postgresql';

export type PaymentsTable =
  | 'ledger_entry'
  | 'provider_event'
  | 'location_directory'
  | 'building_directory'
  | 'unit_directory'
  | 'tenant_directory'
  | 'rent_details'
  | 'rent_price'
  | 'connected_account'
  | 'rent_notice'
  | 'rent_subscription';

/** A table of the payments schema (the service's own, or a test schema), quoted for SQL. */
export function table(em: EntityManager, name: PaymentsTable): string {
  const schema = em.config.get('schema') ?? 'payments';
  return `"${schema}"."${name}"`;
}
