import { Migration } from '@mikro-orm/migrations';

/**
 * Announces, through the outbox, every current partner's whole state (PartnerUpdated: name, e-mail, E.164 phone, role,
 * emergency-contact flag, user, locations), which messaging keeps as its partner directory: it notifies a location's
 * emergency contacts when a tenant's message is urgent and assigns tickets to managers, and the partner events before
 * this one carried neither the flag nor how to reach the partner. Same approach as `20261124000005`: each event is
 * stamped now (a UUIDv7 made in SQL), so it overrides anything older in a copy and any later change records a later
 * event. Phones as `partnerPhoneE164` makes them (contracts): 10 digits as +1…, 11 starting with 1 as +…, else null.
 */
export class PartnerDirectoryBackfillMigration extends Migration {
  override name = '20261124000010_partner_directory_backfill';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    const uuidv7 = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
    const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const digits = `regexp_replace(coalesce(p.phone, ''), '[^0-9]', '', 'g')`;
    const phone = `case when ${digits} ~ '^[0-9]{10}$' then '+1' || ${digits} when ${digits} ~ '^1[0-9]{10}$' then '+' || ${digits} end`;
    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.partner.updated.v1', jsonb_build_object(
        'id', e.id, 'type', 'portfolio.partner.updated', 'version', 1, 'occurredAt', ${iso('now()')}, 'correlationId', e.id::text,
        'causationId', null, 'actor', jsonb_build_object('kind', 'system', 'name', 'portfolio'), 'data', jsonb_build_object(
          'partnerId', p.id::text, 'accountId', p.account_id, 'userId', p.user_id, 'fullName', p.full_name, 'email', p.email,
          'phone', ${phone}, 'role', p.role, 'isEmergencyContact', p.is_emergency_contact,
          'locationIds', coalesce((select jsonb_agg(pl.location_id::text order by pl.location_id) from "${s}"."partner_location" pl where pl.partner_id = p.id), '[]'::jsonb))), now()
      from (select ${uuidv7} as id, p.id as partner_id from "${s}"."partner" p order by p.created_at, p.id) e
      join "${s}"."partner" p on p.id = e.partner_id`);
  }

  override down(): void {
    // The events may have been published and consumed already; there is nothing to take back.
  }
}
