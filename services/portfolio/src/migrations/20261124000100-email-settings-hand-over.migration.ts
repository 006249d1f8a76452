import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail templates and signatures move to messaging (the architecture's placement). Announces, through the outbox,
 * every building once (BuildingEmailSettingsHandedOver: its location, its signature and its own templates as kept
 * here), which messaging takes as its starting copy; `20261124000101` then drops portfolio's columns and table. The
 * data travels in the outbox rows written here, so dropping it next loses nothing even before the relay publishes.
 * Each event is stamped now (a UUIDv7 made in SQL), as `20261124000005` does.
 */
export class EmailSettingsHandOverMigration extends Migration {
  override name = '20261124000100_email_settings_hand_over';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    const uuidv7 = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
    const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.building.email-settings-handed-over.v1', jsonb_build_object(
        'id', e.id, 'type', 'portfolio.building.email-settings-handed-over', 'version', 1, 'occurredAt', ${iso('now()')}, 'correlationId', e.id::text,
        'causationId', null, 'actor', jsonb_build_object('kind', 'system', 'name', 'portfolio'), 'data', jsonb_build_object(
          'buildingId', b.id::text, 'locationId', l.id::text, 'accountId', l.account_id, 'ownerUserId', l.owner_user_id,
          'signature', nullif(b.signature, ''),
          'templates', coalesce((select jsonb_agg(jsonb_build_object('slug', t.slug, 'name', t.name, 'subject', t.subject, 'body', t.body,
              'createdAt', ${iso('t.created_at')}, 'updatedAt', ${iso('t.updated_at')}) order by t.slug)
            from "${s}"."email_template" t where t.building_id = b.id), '[]'::jsonb))), now()
      from (select ${uuidv7} as id, b.id as building_id from "${s}"."building" b order by b.created_at, b.id) e
      join "${s}"."building" b on b.id = e.building_id
      join "${s}"."property_location" l on l.id = b.property_location_id`);
  }

  override down(): void {
    // The events may have been published and consumed already; there is nothing to take back.
  }
}
