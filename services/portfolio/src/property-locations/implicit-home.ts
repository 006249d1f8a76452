import type { EntityManager } from '@mikro-orm/postgresql';
import { BuildingCreated, isSingleFamilyLike, limits, UnitCreated } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { Building } from '../buildings/building.entity.js';
import { Unit } from '../units/unit.entity.js';
import type { PropertyLocation } from './property-location.entity.js';

/**
 * A single-family-like location (spec 000 §3.1) has no buildings to show (spec 001: "All Buildings" is hidden), yet
 * tenants live in units and units in buildings, and the invitation template, the signature and the vault's filing are
 * per building. So such a location always holds one building and one unit of its own, named after the location: made
 * here, in the transaction that creates the location or turns it single-family, announced like any other
 * (BuildingCreated, UnitCreated) so onboarding progress, messaging and the vault know them. Nothing is made twice: a
 * location that already has a building keeps it (a unit is added to the first one only if the location has none).
 * The caller has flushed the location's row. The migration `20261206000001` gives the locations that existed before this the same.
 */
export async function ensureImplicitHome(em: EntityManager, location: PropertyLocation, now = new Date()): Promise<{ building: Building; unit: Unit } | null> {
  if (!isSingleFamilyLike(location.type)) return null;
  let building = await em.findOne(Building, { propertyLocationId: location.id }, { orderBy: { id: 'asc' } });
  if (!building) {
    building = em.create(Building, {
      id: uuidv7(),
      accountId: location.accountId,
      propertyLocationId: location.id,
      name: implicitName(location, limits.name),
      addressText: location.addressText,
      createdAt: now,
      updatedAt: now,
    });
    recordEvent(em, BuildingCreated, { buildingId: building.id, name: building.name, ...location.scope() });
    // The rows' references are plain columns, not relations the ORM would order its inserts by: one flush each.
    await em.flush();
  }
  let unit = await em.findOne(Unit, { propertyLocationId: location.id }, { orderBy: { id: 'asc' } });
  if (!unit) {
    unit = em.create(Unit, {
      id: uuidv7(),
      accountId: location.accountId,
      propertyLocationId: location.id,
      buildingId: building.id,
      name: implicitName(location, limits.unitName),
      createdAt: now,
      updatedAt: now,
    });
    recordEvent(em, UnitCreated, { unitId: unit.id, buildingId: building.id, name: unit.name, ...location.scope() });
    await em.flush();
  }
  return { building, unit };
}

/** The location's name (its address when it has none), within the limit of what it names. */
function implicitName(location: PropertyLocation, max: number): string {
  const name = location.name.trim() || location.addressText.trim();
  return name.length <= max ? name : name.slice(0, max).trimEnd();
}
