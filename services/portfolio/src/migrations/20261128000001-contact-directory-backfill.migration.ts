import { Migration } from '@mikro-orm/migrations';

/**
 * Announces, through the outbox, every current contact's whole state (ContactChanged: name, role, e-mail addresses,
 * locations), which messaging keeps so that Send E-mail reaches the contacts page's people who are neither tenants nor
 * partners. Same approach as `20261124000010`: each event is stamped now (a UUIDv7 made in SQL), so any later change
 * records a later event. Addresses as `contactEmails` (contracts) reads them: the `email` details that look like an
 * address, trimmed, lower-case, once each.
 */
export class ContactDirectoryBackfillMigration extends Migration {
  override name = '20261128000001_contact_directory_backfill';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    const uuidv7 = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
    const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const emails = `coalesce((select jsonb_agg(distinct a.email) from (
        select lower(btrim(d->>'value')) as email from jsonb_array_elements(c.details) d
         where d->>'type' = 'email' and lower(btrim(d->>'value')) ~ '^[^[:space:]@]+@[^[:space:]@]+[.][^[:space:]@]+$'
           and lower(btrim(d->>'value')) !~ '[[:cntrl:]]' and length(btrim(d->>'value')) <= 254
         limit 20) a), '[]'::jsonb)`;
    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.contact.changed.v1', jsonb_build_object(
        'id', e.id, 'type', 'portfolio.contact.changed', 'version', 1, 'occurredAt', ${iso('now()')}, 'correlationId', e.id::text,
        'causationId', null, 'actor', jsonb_build_object('kind', 'system', 'name', 'portfolio'), 'data', jsonb_build_object(
          'contactId', c.id::text, 'accountId', c.account_id, 'name', c.name, 'role', c.role, 'emails', ${emails},
          'locationIds', coalesce((select jsonb_agg(cl.location_id::text order by cl.location_id) from "${s}"."contact_location" cl where cl.contact_id = c.id), '[]'::jsonb))), now()
      from (select ${uuidv7} as id, c.id as contact_id from "${s}"."contact" c order by c.created_at, c.id) e
      join "${s}"."contact" c on c.id = e.contact_id`);
  }

  override down(): void {
    // The events may have been published and consumed already; there is nothing to take back.
  }
}
