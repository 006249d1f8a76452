import { Migration } from '@mikro-orm/migrations';

/**
 * The answers of creating calls per caller and Idempotency-Key (see idempotent-answers.ts), in the schema of every
 * service: serviceOrmConfig applies it with the messaging tables, before the service's own migrations.
 */
export class IdempotencyKeysMigration extends Migration {
  override name = '00000000000002_use_case_idempotency_keys';

  override up(): void {
    const schema = this.config.get('schema') ?? 'public';
    this.addSql(`create schema if not exists "${schema}"`);
    // `json`, not `jsonb`: a replayed answer keeps the key order of the first one.
    this.addSql(`create table "${schema}"."idempotency_key" (
      "caller" varchar(255) not null,
      "key" varchar(255) not null,
      "request_hash" char(64) not null,
      "answer" json not null,
      "created_at" timestamptz not null,
      primary key ("caller", "key")
    )`);
    this.addSql(`create index "idempotency_key_created_at_idx" on "${schema}"."idempotency_key" ("created_at")`);
  }

  override down(): void {
    const schema = this.config.get('schema') ?? 'public';
    this.addSql(`drop table if exists "${schema}"."idempotency_key"`);
  }
}
