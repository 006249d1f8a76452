import { betterAuth } from 'better-auth';
import { anonymous, jwt } from 'better-auth/plugins';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { IdentityEnv } from '../config/identity-env.js';

/**
 * better-auth, driven server-side only (`auth.api.*` from the NATS handlers; the browser talks to the BFF). It owns
 * the users/accounts/sessions tables, password hashing (scrypt, its default) and timing-equal credential checks,
 * anonymous users, and the JWT plugin's signing keys (EdDSA, private keys encrypted with AUTH_SECRET in the `jwks`
 * table, rotated by `rotationInterval` with the old key published through its grace period).
 */
export function createBetterAuth(config: IdentityEnv, pool: pg.Pool) {
  return betterAuth({
    appName: 'PM Platform',
    secret: config.AUTH_SECRET,
    baseURL: config.JWT_ISSUER,
    basePath: '/auth',
    database: pool,
    advanced: { database: { generateId: () => uuidv7() } },
    telemetry: { enabled: false },
    // Limits are ours (per IP and per e-mail, shared by all replicas): better-auth's only apply to its HTTP handler.
    rateLimit: { enabled: false },
    logger: { level: config.LOG_LEVEL === 'silent' ? 'error' : 'warn' },
    emailAndPassword: { enabled: true, requireEmailVerification: true, minPasswordLength: 8, maxPasswordLength: 200 },
    session: {
      modelName: 'sessions',
      expiresIn: config.REFRESH_TOKEN_TTL_SECONDS,
      fields: { expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', userId: 'user_id', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        phone: { type: 'string', required: false, input: false },
        accountType: { type: 'string', required: false, input: false, fieldName: 'account_type' },
        campaign: { type: 'string', required: false, input: false },
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    plugins: [
      anonymous({
        emailDomainName: 'anonymous.pm.local',
        schema: { user: { fields: { isAnonymous: 'is_anonymous' } } },
      }),
      jwt({
        jwt: { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, expirationTime: `${config.ACCESS_TOKEN_TTL_SECONDS}s` },
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' }, rotationInterval: 90 * 24 * 3600, gracePeriod: 30 * 24 * 3600 },
        disableSettingJwtHeader: true,
        schema: { jwks: { fields: { publicKey: 'public_key', privateKey: 'private_key', createdAt: 'created_at', expiresAt: 'expires_at' } } },
      }),
    ],
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;

/** A pool whose connections resolve unqualified table names in the service's schema (better-auth does not qualify). */
export function createIdentityPool(databaseUrl: string, schema: string): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max: 10, options: `-c search_path="${schema}"` });
}
