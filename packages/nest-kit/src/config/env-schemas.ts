import { z } from 'zod';

const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol.replace(':', ''));
    } catch {
      return false;
    }
  }, `must be a ${protocols.join(' or ')} URL`);

/** Every NestJS process. */
export const processEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HTTP_HOST: z.string().min(1).default('127.0.0.1'),
  HTTP_PORT: z.coerce.number().int().min(0).max(65_535),
});

export const natsEnv = z.object({
  NATS_URL: z.string().min(1).refine((v) => v.split(',').every((s) => /^(nats|tls):\/\//.test(s.trim())), 'must be nats:// URL(s), comma-separated'),
});

export const databaseEnv = z.object({ DATABASE_URL: url(['postgres', 'postgresql']) });

/** Verification of the platform's access tokens (issued by the identity service). */
export const authEnv = z.object({
  JWKS_URL: url(['http', 'https']),
  JWT_ISSUER: z.string().min(1),
  JWT_AUDIENCE: z.string().min(1),
});
