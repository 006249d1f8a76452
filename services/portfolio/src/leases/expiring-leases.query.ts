import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExpiringLease } from '@pm/contracts';

/**
 * Active tenants of a location whose lease ends between `from` and `to` (calendar days, both included), soonest
 * first, with their unit and building names: one read-only query on tenant_lease_end_idx joined to unit and building.
 * The dashboard asks for it on every visit; loading the tenants, their units and their buildings as entities took
 * three queries and the ORM's hydration and change tracking of every row, most of the request's CPU.
 */
export async function listExpiringLeases(em: EntityManager, locationId: string, from: string, to: string): Promise<ExpiringLease[]> {
  const schema = em.config.get('schema') ?? 'portfolio';
  return em.getConnection().execute<ExpiringLease[]>(
    `select t.id as "tenantId", t.full_name as "tenantName", u.name as "unitName", b.name as "buildingName",
            b.id as "buildingId", to_char(t.lease_end_date, 'YYYY-MM-DD') as "expiryDate"
       from "${schema}"."tenant" t
       join "${schema}"."unit" u on u.id = t.unit_id
       join "${schema}"."building" b on b.id = t.building_id
      where t.property_location_id = ? and t.is_archived = false and t.lease_end_date between ?::date and ?::date
      order by t.lease_end_date asc, t.id asc`,
    [locationId, from, to],
  );
}
