import type { EntityManager } from '@mikro-orm/postgresql';
import type { Building as BuildingView } from '@pm/contracts';

/**
 * A location's buildings with their units count, oldest first (ids are UUIDv7), as one read-only query. A list is
 * read, never changed: loading the buildings as entities and counting units in a second query cost two round trips
 * and the ORM's hydration and change tracking of every building.
 */
export async function listBuildingViews(em: EntityManager, locationId: string): Promise<BuildingView[]> {
  return em.getConnection().execute<BuildingView[]>(`${selectBuildingViews(em)} where b.property_location_id = ? order by b.id asc`, [locationId]);
}

/** One building as its view, in the same one query (GET building/{id}: the read is this query and nothing else). */
export async function findBuildingView(em: EntityManager, id: string): Promise<BuildingView | null> {
  const rows = await em.getConnection().execute<BuildingView[]>(`${selectBuildingViews(em)} where b.id = ?`, [id]);
  return rows[0] ?? null;
}

function selectBuildingViews(em: EntityManager): string {
  const schema = em.config.get('schema') ?? 'portfolio';
  return `select b.id, b.name, b.property_location_id, b.address_text,
                 (select count(*)::int from "${schema}"."unit" u where u.building_id = b.id) as units_count,
                 to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
            from "${schema}"."building" b`;
}
