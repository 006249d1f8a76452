import { Migration } from '@mikro-orm/migrations';

export class PropertyLocationsMigration extends Migration {
  override name = '20261121000001_property_locations';

  override up(): void {
    const schema = this.config.get('schema') ?? 'portfolio';
    this.addSql(`create table "${schema}"."property_location" (
      "id" uuid primary key,
      "account_id" varchar(255) not null,
      "owner_user_id" varchar(255) not null,
      "name" text not null,
      "address_text" text not null,
      "type" text null check ("type" in ('SINGLE_FAMILY_HOME','TOWNHOUSE','CONDO','MULTI_UNIT','COMMERCIAL','ACCESSORY_DWELLING_UNIT','OTHER')),
      "declared_units_count" int null,
      "is_rental_property" boolean not null,
      "email" text null,
      "phone" text null,
      "metadata" jsonb not null default '{}',
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    // Every query is "this account's locations" (list, get by id, ownership checks).
    this.addSql(`create index "property_location_account_idx" on "${schema}"."property_location" ("account_id", "id")`);
    this.addSql(`create index "property_location_owner_idx" on "${schema}"."property_location" ("owner_user_id")`);
  }

  override down(): void {
    const schema = this.config.get('schema') ?? 'portfolio';
    this.addSql(`drop table if exists "${schema}"."property_location"`);
  }
}
