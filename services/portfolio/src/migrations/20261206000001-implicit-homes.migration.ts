import { Migration } from '@mikro-orm/migrations';

/**
 * The statements that give every single-family-like location (SINGLE_FAMILY_HOME, TOWNHOUSE, CONDO,
 * ACCESSORY_DWELLING_UNIT, OTHER, or no type) the implicit building and unit that new ones get when they are created
 * (property-locations/implicit-home.ts): a building named after the location at its address where it has none, then a
 * unit of the same name in its first building where it has none, each announced through the outbox (BuildingCreated,
 * UnitCreated, stamped now with a UUIDv7 made in SQL, as `20261124000005`) in the statement that inserts it, so
 * onboarding progress, messaging's building copies and the vault's directory learn them. Only what is missing is made:
 * running the statements again changes nothing. Exported for the test that runs them twice.
 */
export function implicitHomeStatements(s: string): string[] {
  const uuidv7 = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
  const iso = `to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const envelope = (type: string, data: string) => `jsonb_build_object(
      'id', n.event_id, 'type', '${type}', 'version', 1, 'occurredAt', ${iso}, 'correlationId', n.event_id::text,
      'causationId', null, 'actor', jsonb_build_object('kind', 'system', 'name', 'portfolio'), 'data', ${data})`;
  const singleFamily = `(l.type is null or l.type in ('SINGLE_FAMILY_HOME', 'TOWNHOUSE', 'CONDO', 'ACCESSORY_DWELLING_UNIT', 'OTHER'))`;
  // As implicitName makes them: the name (the address when blank), trimmed, within the limit (building 200, unit 100).
  const name = (max: number) => `rtrim(left(coalesce(nullif(btrim(l.name), ''), btrim(l.address_text)), ${max}))`;
  const scope = `'locationId', n.property_location_id::text, 'accountId', n.account_id, 'ownerUserId', n.owner_user_id`;
  return [
    `with homes as (
       select ${uuidv7} as id, ${uuidv7} as event_id, l.id as property_location_id, l.account_id, l.owner_user_id,
              ${name(200)} as name, l.address_text
         from "${s}"."property_location" l
        where ${singleFamily} and not exists (select 1 from "${s}"."building" b where b.property_location_id = l.id)
        order by l.id),
     inserted as (
       insert into "${s}"."building" (id, account_id, property_location_id, name, address_text, created_at, updated_at)
       select id, account_id, property_location_id, name, address_text, now(), now() from homes
       returning id)
     insert into "${s}"."outbox" (id, subject, envelope, created_at)
     select n.event_id, 'pm.portfolio.building.created.v1', ${envelope('portfolio.building.created', `jsonb_build_object(${scope},
       'buildingId', n.id::text, 'name', n.name)`)}, now()
       from homes n join inserted i on i.id = n.id`,
    `with homes as (
       select ${uuidv7} as id, ${uuidv7} as event_id, l.id as property_location_id, l.account_id, l.owner_user_id,
              (select b.id from "${s}"."building" b where b.property_location_id = l.id order by b.id limit 1) as building_id,
              ${name(100)} as name
         from "${s}"."property_location" l
        where ${singleFamily} and not exists (select 1 from "${s}"."unit" u where u.property_location_id = l.id)
        order by l.id),
     inserted as (
       insert into "${s}"."unit" (id, account_id, property_location_id, building_id, name, created_at, updated_at)
       select id, account_id, property_location_id, building_id, name, now(), now() from homes
       returning id)
     insert into "${s}"."outbox" (id, subject, envelope, created_at)
     select n.event_id, 'pm.portfolio.unit.created.v1', ${envelope('portfolio.unit.created', `jsonb_build_object(${scope},
       'unitId', n.id::text, 'buildingId', n.building_id::text, 'name', n.name)`)}, now()
       from homes n join inserted i on i.id = n.id`,
  ];
}

export class ImplicitHomesMigration extends Migration {
  override name = '20261206000001_implicit_homes';

  override up(): void {
    for (const statement of implicitHomeStatements(this.config.get('schema') ?? 'portfolio')) this.addSql(statement);
  }

  override down(): void {
    // The rows may have tenants and the events may have been consumed already; there is nothing to take back.
  }
}
