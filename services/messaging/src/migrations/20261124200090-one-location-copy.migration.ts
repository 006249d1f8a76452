import { Migration } from '@mikro-orm/migrations';

/**
 * One copy of each location in messaging: `location_name` (kept for the calls' greeting) repeated the name that
 * `location_directory` keeps from the same portfolio events. A directory row still without a name (only its owner
 * was announced so far) takes the one `location_name` had, then `location_name` goes.
 */
export class OneLocationCopyMigration extends Migration {
  override name = '20261124200090_one_location_copy';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`update "${s}"."location_directory" d set "name" = n."name"
                   from "${s}"."location_name" n
                  where n."location_id" = d."location_id" and d."name" = ''`);
    this.addSql(`drop table "${s}"."location_name"`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."location_name" ("location_id" text primary key, "name" text not null, "stamp" text not null)`);
    this.addSql(`insert into "${s}"."location_name" ("location_id", "name", "stamp")
                 select "location_id", "name", "stamp" from "${s}"."location_directory" where "name" <> ''`);
  }
}
