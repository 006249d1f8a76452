import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { Module, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NATS_CONNECTION, NatsTransport } from '@pm/messaging';
import { Logger } from 'nestjs-pino';
import { loggingModule } from '../logging/logging.module.js';

export interface BootstrapOptions {
  /** Service name: NATS queue group and connection name, log `name`. */
  name: string;
  module: Type<unknown>;
  http: { host: string; port: number };
  /** Whether the service has a database (inbox + outbox relay). */
  withDatabase: boolean;
  logLevel?: string;
}

/**
 * Starts a service: the HTTP side (health probes) and the NATS side (events, requests, outbox relay) in one
 * hybrid Nest app, with graceful shutdown on SIGTERM so in-flight messages are acked or left for redelivery.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<INestApplication> {
  @Module({ imports: [loggingModule({ service: options.name, level: options.logLevel ?? 'info' }), options.module] })
  class ServiceRootModule {}
  // rawBody: signed webhooks (messaging's SMS in) check their signature over the body exactly as posted.
  const app = await NestFactory.create(ServiceRootModule, { bufferLogs: true, rawBody: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.connectMicroservice(
    {
      strategy: new NatsTransport({
        name: options.name,
        connection: () => app.get(NATS_CONNECTION),
        ...(options.withDatabase ? { orm: () => app.get(MikroORM) } : {}),
      }),
    },
    { inheritAppConfig: true },
  );
  await app.startAllMicroservices();
  await app.listen(options.http.port, options.http.host);
  return app;
}
