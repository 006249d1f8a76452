import { Injectable } from '@nestjs/common';
import { sql, type EntityManager } from '@mikro-orm/postgresql';
import { Tenant } from '../tenants/tenant.entity.js';
import { Unit } from '../units/unit.entity.js';

/** Counts shown beside buildings and units, one grouped query per list. */
@Injectable()
export class PortfolioCounts {
  async unitsPerBuilding(em: EntityManager, buildingIds: readonly string[]): Promise<Map<string, number>> {
    if (buildingIds.length === 0) return new Map();
    const rows: { building_id: string; count: number }[] = await em
      .createQueryBuilder(Unit, 'u')
      .select(['u.buildingId', sql`count(*)::int`.as('count')])
      .where({ buildingId: { $in: [...buildingIds] } })
      .groupBy('u.buildingId')
      .execute('all', false);
    return new Map(rows.map((r) => [r.building_id, Number(r.count)]));
  }

  /** Active tenants only: past tenants do not live in the unit any more. */
  async tenantsPerUnit(em: EntityManager, unitIds: readonly string[]): Promise<Map<string, number>> {
    if (unitIds.length === 0) return new Map();
    const rows: { unit_id: string; count: number }[] = await em
      .createQueryBuilder(Tenant, 't')
      .select(['t.unitId', sql`count(*)::int`.as('count')])
      .where({ unitId: { $in: [...unitIds] }, isArchived: false })
      .groupBy('t.unitId')
      .execute('all', false);
    return new Map(rows.map((r) => [r.unit_id, Number(r.count)]));
  }
}
