import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { DynamicModule } from '@nestjs/common';

type MaybePromise<T> = T | Promise<T>;
import { serviceOrmConfig, type ServiceOrmOptions } from './orm-config.js';

/** MikroORM for a service, with a request-scoped EntityManager context on every HTTP request and message. */
export function ormModule(options: ServiceOrmOptions): MaybePromise<DynamicModule> {
  return MikroOrmModule.forRoot({ ...serviceOrmConfig(options), registerRequestContext: true });
}
