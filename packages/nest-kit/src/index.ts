export { loadConfig, ConfigError } from './config/load-config.js';
export { processEnv, natsEnv, databaseEnv, authEnv, minioEnv, serviceClientEnv, serviceCredentialsOf } from './config/env-schemas.js';
export { loggingModule, redactUrlToken, REQUEST_ID_HEADER } from './logging/logging.module.js';
export { HealthModule } from './health/health.module.js';
export { HealthController } from './health/health.controller.js';
export { runHealthChecks, HEALTH_CHECKS, type HealthCheck, type HealthCheckResult, type HealthReport } from './health/health-check.js';
export { NatsHealthCheck } from './health/nats.health-check.js';
export { DatabaseHealthCheck } from './health/database.health-check.js';
export { serviceOrmConfig, type ServiceOrmOptions } from './orm/orm-config.js';
export { ormModule } from './orm/orm.module.js';
export { runMigrations } from './orm/run-migrations.js';
export { PreparedStatement } from './orm/prepared-statement.js';
export { AuthModule } from './auth/auth.module.js';
export { JwtAuthGuard, PRINCIPAL } from './auth/jwt-auth.guard.js';
export { JwtVerifier, InvalidTokenError, type JwtVerifierOptions } from './auth/jwt-verifier.js';
export { Public, IS_PUBLIC } from './auth/public.decorator.js';
export { CurrentPrincipal, CurrentCaller } from './auth/current-principal.decorator.js';
export { Callers, CALLERS } from './auth/callers.decorator.js';
export type { Principal, ServicePrincipal, Caller, CallerKind } from './auth/principal.js';
export { bootstrapService, type BootstrapOptions } from './bootstrap/bootstrap-service.js';
export type { RawRoute, RawRouteHandler } from './bootstrap/raw-route.js';
export {
  serviceEnv,
  serviceRootModule,
  startService,
  migrateService,
  type ServiceDefinition,
  type ServiceEnv,
} from './bootstrap/service-definition.js';
export { UseCase, useCaseContractOf, useCaseOptionsOf, type UseCaseCaller, type UseCaseContext, type UseCaseHandler, type UseCaseOptions } from './use-case/use-case.js';
export { UseCasesModule } from './use-case/use-cases.module.js';
export { answerIdempotently, type IdempotentCall } from './use-case/idempotent-answers.js';
export { IdempotencyKeysPruner } from './use-case/idempotency-keys-pruner.js';
export { IdempotencyKeysMigration } from './use-case/idempotency-keys.migration.js';
