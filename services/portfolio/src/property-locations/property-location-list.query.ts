import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocationGrant } from '@pm/access';
import type { PropertyLocation as PropertyLocationView } from '@pm/contracts';

/**
 * The caller's locations as views, in the order of their grants, as one read-only query: a list is read, never
 * changed, so it skips the ORM's hydration and change tracking of each location (the dashboard asks for it on every load).
 */
export async function listPropertyLocationViews(em: EntityManager, grants: readonly LocationGrant[]): Promise<PropertyLocationView[]> {
  if (grants.length === 0) return [];
  const schema = em.config.get('schema') ?? 'portfolio';
  const rows = await em.getConnection().execute<Omit<PropertyLocationView, 'access_role'>[]>(
    `select id, name, address_text, type, declared_units_count, is_rental_property, email, phone, metadata,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
       from "${schema}"."property_location" where id = any(?::uuid[])`,
    // A PostgreSQL array literal: an array parameter would be spread into a list of parameters.
    [`{${grants.map((grant) => grant.locationId).join(',')}}`],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return grants.flatMap((grant) => {
    const row = byId.get(grant.locationId);
    return row ? [{ ...row, access_role: grant.role }] : [];
  });
}
