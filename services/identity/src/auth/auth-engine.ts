import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type pg from 'pg';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-env.js';
import { createBetterAuth, createIdentityPool, type BetterAuth } from './better-auth.js';

/** The better-auth instance of this process, with its own connection pool on the service's schema. */
@Injectable()
export class AuthEngine implements OnModuleDestroy {
  readonly pool: pg.Pool;
  readonly auth: BetterAuth;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.pool = createIdentityPool(config.DATABASE_URL, config.DATABASE_SCHEMA);
    this.auth = createBetterAuth(config, this.pool);
  }

  /** better-auth's internals (session creation, password hashing) for flows its endpoints do not cover. */
  async context() {
    return this.auth.$context;
  }

  async hashPassword(password: string): Promise<string> {
    return (await this.context()).password.hash(password);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
