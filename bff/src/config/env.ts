import { authEnv, minioEnv, natsEnv, processEnv, serviceClientEnv } from '@pm/nest-kit';
import { geoEnv } from '@pm/geo';
import { z } from 'zod';

export const bffEnv = processEnv.extend(natsEnv.shape).extend(authEnv.shape).extend(serviceClientEnv.shape).extend(geoEnv.shape).extend(minioEnv.shape).extend({
  /** Serve the built web app (web/dist) from this process, so one URL is the whole product. */
  SERVE_WEB: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().min(1).optional(),
});
export type BffEnv = z.output<typeof bffEnv>;
