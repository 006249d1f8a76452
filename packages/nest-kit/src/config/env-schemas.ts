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

/** Object storage (MinIO, S3 API): what @pm/files' FileStore reads. */
export const minioEnv = z.object({
  MINIO_ENDPOINT: z.string().regex(/^[^:/\s]+(:\d{1,5})?$/, 'must be host:port (no scheme)'),
  MINIO_ACCESS_KEY: z.string().min(1),
  MINIO_SECRET_KEY: z.string().min(1),
  MINIO_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'),
  MINIO_USE_SSL: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Where browsers reach MinIO when not at MINIO_ENDPOINT (an ingress): presigned download URLs are signed for it. */
  MINIO_PUBLIC_URL: url(['http', 'https']).optional(),
});

/** Verification of the platform's access tokens (issued by the identity service). */
export const authEnv = z.object({
  JWKS_URL: url(['http', 'https']),
  JWT_ISSUER: z.string().min(1),
  JWT_AUDIENCE: z.string().min(1),
});

/**
 * The process's own client credentials with identity, for calls it makes on its own behalf (event consumers,
 * workflow activities, composed views): exchanged for short-lived service tokens (IssueServiceToken). Both or neither.
 */
export const serviceClientEnv = z.object({
  SERVICE_CLIENT_ID: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'must be a lower-case name (bff, portfolio, workflows, ...)').optional(),
  SERVICE_CLIENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

/** The credentials from a parsed environment, or none; one without the other is a configuration error. */
export function serviceCredentialsOf(env: z.output<typeof serviceClientEnv>): { clientId: string; clientSecret: string } | undefined {
  const { SERVICE_CLIENT_ID: clientId, SERVICE_CLIENT_SECRET: clientSecret } = env;
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) throw new Error('SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET go together: set both or neither');
  return { clientId, clientSecret };
}
