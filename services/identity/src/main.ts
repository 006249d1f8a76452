import { bootstrapService, loadConfig, serviceRootModule } from '@pm/nest-kit';
import { identityEnv } from './config/identity-env.js';
import { identityService } from './service.js';

const env = loadConfig(identityEnv);
const definition = identityService({ ...env, DATABASE_SCHEMA: 'identity' });
await bootstrapService({
  name: definition.name,
  module: serviceRootModule(definition, env),
  http: { host: env.HTTP_HOST, port: env.HTTP_PORT },
  withDatabase: true,
  logLevel: env.LOG_LEVEL,
});
