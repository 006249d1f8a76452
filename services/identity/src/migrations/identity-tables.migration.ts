import { Migration } from '@mikro-orm/migrations';

/**
 * The identity schema: better-auth's tables (users, accounts, sessions, verifications, jwks — column names mapped
 * to snake_case in auth/better-auth.ts) and our own: refresh tokens (rotating, grouped in families = sessions),
 * one-time tokens (e-mail verification, password recovery, OAuth state), rate-limit counters and referrals.
 */
export class IdentityTablesMigration extends Migration {
  override name = '20261121000000_identity_tables';

  override up(): void {
    const s = `"${this.config.get('schema') ?? 'identity'}"`;
    this.addSql(`create table ${s}."users" (
      "id" text primary key,
      "name" text not null,
      "email" text not null,
      "email_verified" boolean not null default false,
      "image" text null,
      "is_anonymous" boolean not null default false,
      "phone" text null,
      "account_type" text null check ("account_type" in ('property_manager', 'home_owner', 'resident')),
      "campaign" text null,
      "has_accepted_terms" boolean not null default false,
      "referral_metadata" jsonb null,
      "last_resident_login_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    // E-mail addresses are compared lower-cased everywhere; one account per address.
    this.addSql(`create unique index "users_email_key" on ${s}."users" (lower("email"))`);
    this.addSql(`create table ${s}."accounts" (
      "id" text primary key,
      "account_id" text not null,
      "provider_id" text not null,
      "user_id" text not null references ${s}."users" ("id") on delete cascade deferrable initially deferred,
      "access_token" text null,
      "refresh_token" text null,
      "id_token" text null,
      "access_token_expires_at" timestamptz null,
      "refresh_token_expires_at" timestamptz null,
      "scope" text null,
      "password" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      unique ("provider_id", "account_id")
    )`);
    this.addSql(`create index "accounts_user_idx" on ${s}."accounts" ("user_id")`);
    this.addSql(`create table ${s}."sessions" (
      "id" text primary key,
      "expires_at" timestamptz not null,
      "token" text not null unique,
      "ip_address" text null,
      "user_agent" text null,
      "user_id" text not null references ${s}."users" ("id") on delete cascade deferrable initially deferred,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "sessions_user_idx" on ${s}."sessions" ("user_id")`);
    this.addSql(`create table ${s}."verifications" (
      "id" text primary key,
      "identifier" text not null,
      "value" text not null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "verifications_identifier_idx" on ${s}."verifications" ("identifier")`);
    this.addSql(`create table ${s}."jwks" (
      "id" text primary key,
      "public_key" text not null,
      "private_key" text not null,
      "alg" text null,
      "crv" text null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz null
    )`);
    this.addSql(`create table ${s}."refresh_tokens" (
      "id" uuid primary key,
      "family_id" text not null references ${s}."sessions" ("id") on delete cascade deferrable initially deferred,
      "user_id" text not null references ${s}."users" ("id") on delete cascade deferrable initially deferred,
      "token_hash" text not null unique,
      "kind" text not null check ("kind" in ('standard', 'recovery')),
      "created_at" timestamptz not null,
      "used_at" timestamptz null
    )`);
    this.addSql(`create index "refresh_tokens_family_idx" on ${s}."refresh_tokens" ("family_id")`);
    this.addSql(`create table ${s}."one_time_tokens" (
      "id" uuid primary key,
      "purpose" text not null check ("purpose" in ('verify_email', 'recover_password', 'oauth_state')),
      "token_hash" text not null unique,
      "user_id" text null references ${s}."users" ("id") on delete cascade deferrable initially deferred,
      "data" jsonb null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null
    )`);
    this.addSql(`create table ${s}."rate_limit_hits" (
      "key" text not null,
      "window_start" timestamptz not null,
      "count" int not null,
      primary key ("key", "window_start")
    )`);
    this.addSql(`create table ${s}."referrals" (
      "id" uuid primary key,
      "user_id" text not null references ${s}."users" ("id") on delete cascade deferrable initially deferred,
      "referral_type" text null,
      "referral_ref" text null,
      "referral_url" text null,
      "referral_metadata" jsonb null,
      "is_redirected" boolean not null default false,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "referrals_user_idx" on ${s}."referrals" ("user_id", "created_at")`);
  }

  override down(): void {
    const s = `"${this.config.get('schema') ?? 'identity'}"`;
    for (const table of ['referrals', 'rate_limit_hits', 'one_time_tokens', 'refresh_tokens', 'jwks', 'verifications', 'sessions', 'accounts', 'users']) {
      this.addSql(`drop table if exists ${s}."${table}"`);
    }
  }
}
