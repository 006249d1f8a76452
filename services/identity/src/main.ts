import { bootstrapService, loadConfig, serviceRootModule } from '@pm/nest-kit';
import { identityEnv } from './config/identity-env.js';
import { identityService } from './service.js';

const env = loadConfig(identityEnv);
// The schema is the service's name; a test may run a copy of the service on a schema of its own.
const definition = identityService({ ...env, DATABASE_SCHEMA: process.env['IDENTITY_SCHEMA'] ?? 'identity' });
await bootstrapService({
  name: definition.name,
  module: serviceRootModule(definition, env),
  http: { host: env.HTTP_HOST, port: env.HTTP_PORT },
  withDatabase: true,
  logLevel: env.LOG_LEVEL,
});
