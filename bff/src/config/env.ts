import { authEnv, minioEnv, natsEnv, processEnv, serviceClientEnv } from '@pm/nest-kit';
import { geoEnv } from '@pm/geo';
import { isIP } from 'node:net';
import { z } from 'zod';

/** An address or a CIDR range, as express's `trust proxy` takes them. */
function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

export const bffEnv = processEnv.extend(natsEnv.shape).extend(authEnv.shape).extend(serviceClientEnv.shape).extend(geoEnv.shape).extend(minioEnv.shape).extend({
  /** Serve the built web app (web/dist) from this process, so one URL is the whole product. */
  SERVE_WEB: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /**
   * Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges, e.g. the ingress's); none by
   * default, so the peer's own address is the client's.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine((entries) => entries.every(isAddressOrRange), 'must be a comma-separated list of IP addresses or CIDR ranges'),
  /** Serve the API description (/api/docs, /api/openapi.json); on by default except in production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
});
export type BffEnv = z.output<typeof bffEnv>;
