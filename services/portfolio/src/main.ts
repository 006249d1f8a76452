import { bootstrapService, loadConfig, serviceRootModule } from '@pm/nest-kit';
import { portfolioEnv } from './config/portfolio-env.js';
import { portfolioService } from './service.js';

const env = loadConfig(portfolioEnv);
// The schema is the service's name; a test may run a copy of the service on a schema of its own.
const definition = portfolioService({ ...env, DATABASE_SCHEMA: process.env['PORTFOLIO_SCHEMA'] ?? 'portfolio' });
await bootstrapService({
  name: definition.name,
  module: serviceRootModule(definition, env),
  http: { host: env.HTTP_HOST, port: env.HTTP_PORT },
  withDatabase: true,
  logLevel: env.LOG_LEVEL,
});
