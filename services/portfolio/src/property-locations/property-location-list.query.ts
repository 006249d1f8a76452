import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessCaller, LocationAccess } from '@pm/access';
import type { PropertyLocation as PropertyLocationView } from '@pm/contracts';

/**
 * The caller's locations as views, in the order of their grants (`LocationAccess.accessible`'s), as one read-only
 * query that joins the locations to the caller's grants: the dashboard asks for it on every load, so it makes one
 * round trip, and skips the ORM's hydration and change tracking of each location (a list is read, never changed).
 */
export async function listPropertyLocationViews(em: EntityManager, access: LocationAccess, caller: AccessCaller): Promise<PropertyLocationView[]> {
  const schema = em.config.get('schema') ?? 'portfolio';
  const reachable = access.reachable(em, caller);
  return em.execute<PropertyLocationView[]>(
    `select pl.id, pl.name, pl.address_text, pl.type, pl.declared_units_count, pl.is_rental_property, pl.email, pl.phone, pl.metadata,
            to_char(pl.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, reachable.role as access_role
       from (${reachable.sql}) reachable
       -- The projection keeps ids as text; a location's is always its uuid, and the guard keeps a stray row from failing the cast.
       join "${schema}"."property_location" pl
         on pl.id = case when reachable.location_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then reachable.location_id::uuid end
      order by reachable.shared, reachable.location_id`,
    reachable.params,
  );
}
