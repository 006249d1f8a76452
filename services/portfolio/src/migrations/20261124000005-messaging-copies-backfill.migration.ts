import { Migration } from '@mikro-orm/migrations';

/**
 * Announces, through the outbox, the facts messaging keeps copies of that existed before messaging did: every
 * location's grants (PropertyLocationCreated with its current owner, PartnerAdded for every partner's current location
 * with their current user and role), every assigned phone number (LocationPhoneNumberAssigned), every generated e-mail
 * address (LocationEmailAddressGenerated) and every tenant with their whole state (TenantUpdated: name, E.164 phones,
 * lower-case e-mails, archived). Earlier TenantCreated events carried no phones, and the stream keeps only 7 days, so neither messaging's
 * grants projection nor its routing copies could be filled from the stream. Each event is stamped now (a UUIDv7 made in SQL, as
 * buildEnvelope makes them): it reflects the current row, so it rightly overrides anything older in a copy, and any
 * later change records a later event. Deleted tenants and removed partners are gone from the tables and need no
 * announcement. Portfolio's own onboarding consumer recomputes its flags from state on these events (a location's
 * owner gets it again as their location), and the BFF only drops a cache, so hearing them again changes nothing.
 */
export class MessagingCopiesBackfillMigration extends Migration {
  override name = '20261124000005_messaging_copies_backfill';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    const uuidv7 = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
    const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const envelope = (type: string, data: string) => `jsonb_build_object(
        'id', e.id, 'type', '${type}', 'version', 1, 'occurredAt', ${iso('now()')}, 'correlationId', e.id::text,
        'causationId', null, 'actor', jsonb_build_object('kind', 'system', 'name', 'portfolio'), 'data', ${data})`;
    const scope = `'locationId', l.id::text, 'accountId', l.account_id, 'ownerUserId', l.owner_user_id`;

    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.property-location.created.v1', ${envelope('portfolio.property-location.created', `jsonb_build_object(
        'locationId', l.id::text, 'accountId', l.account_id, 'ownerUserId', l.owner_user_id, 'name', coalesce(nullif(l.name, ''), l.address_text),
        'addressText', l.address_text, 'type', l.type, 'declaredUnitsCount', l.declared_units_count, 'isRentalProperty', l.is_rental_property)`)}, now()
      from (select ${uuidv7} as id, p.id as location_id from "${s}"."property_location" p order by p.created_at, p.id) e
      join "${s}"."property_location" l on l.id = e.location_id`);

    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.partner.added.v1', ${envelope('portfolio.partner.added', `jsonb_build_object(
        'partnerId', p.id::text, 'accountId', p.account_id, 'locationId', e.location_id::text, 'email', p.email, 'role', p.role, 'userId', p.user_id)`)}, now()
      from (select ${uuidv7} as id, pl.partner_id, pl.location_id from "${s}"."partner_location" pl order by pl.partner_id, pl.location_id) e
      join "${s}"."partner" p on p.id = e.partner_id`);

    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.location-phone-number.assigned.v1', ${envelope('portfolio.location-phone-number.assigned', `jsonb_build_object(${scope},
        'phoneNumber', e.phone_number, 'provider', e.provider)`)}, now()
      from (select ${uuidv7} as id, n.location_id, n.phone_number, n.provider
              from "${s}"."location_phone_number" n order by n.assigned_at, n.location_id) e
      join "${s}"."property_location" l on l.id = e.location_id`);

    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.location-email-address.generated.v1', ${envelope('portfolio.location-email-address.generated', `jsonb_build_object(${scope},
        'email', l.email)`)}, now()
      from (select ${uuidv7} as id, p.id as location_id from "${s}"."property_location" p where p.email is not null order by p.created_at, p.id) e
      join "${s}"."property_location" l on l.id = e.location_id`);

    // Phones as tenantPhoneNumbers (contracts) makes them: the 10-digit phone contacts as +1…, first occurrence order,
    // without repeats, at most 20.
    const phones = `coalesce((
        select jsonb_agg('+1' || p.value order by p.first)
          from (select c->>'value' as value, min(o) as first
                  from jsonb_array_elements(t.contacts) with ordinality as x(c, o)
                 where c->>'type' = 'phone' and c->>'value' ~ '^[0-9]{10}$'
                 group by c->>'value' order by min(o) limit 20) p), '[]'::jsonb)`;
    // E-mails as tenantEmails makes them: lower-case, first occurrence order, without repeats, at most 20.
    const emails = `coalesce((
        select jsonb_agg(m.value order by m.first)
          from (select lower(c->>'value') as value, min(o) as first
                  from jsonb_array_elements(t.contacts) with ordinality as x(c, o)
                 where c->>'type' = 'email' and c->>'value' ~ '^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]+$' and length(c->>'value') <= 254
                 group by lower(c->>'value') order by min(o) limit 20) m), '[]'::jsonb)`;
    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.tenant.updated.v1', ${envelope('portfolio.tenant.updated', `jsonb_build_object(${scope},
        'tenantId', e.tenant_id::text, 'unitId', e.unit_id::text, 'buildingId', e.building_id::text, 'fullName', e.full_name,
        'phoneNumbers', e.phones, 'emails', e.emails, 'archived', e.is_archived, 'changedAt', ${iso('e.updated_at')})`)}, now()
      from (select ${uuidv7} as id, t.id as tenant_id, t.property_location_id, t.unit_id, t.building_id, t.full_name,
                   ${phones} as phones, ${emails} as emails, t.is_archived, t.updated_at
              from "${s}"."tenant" t order by t.created_at, t.id) e
      join "${s}"."property_location" l on l.id = e.property_location_id`);
  }

  override down(): void {
    // The events may have been published and consumed already; there is nothing to take back.
  }
}
