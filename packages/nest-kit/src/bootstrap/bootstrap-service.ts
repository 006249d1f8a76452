import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { Logger as NestLogger, Module, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import { NATS_CONNECTION, NatsTransport } from '@pm/messaging';
import { Logger } from 'nestjs-pino';
import { loggingModule } from '../logging/logging.module.js';
import type { RawRoute, RawRouteHandler } from './raw-route.js';

export interface BootstrapOptions {
  /** Service name: NATS queue group and connection name, log `name`. */
  name: string;
  module: Type<unknown>;
  http: { host: string; port: number };
  /** Whether the service has a database (inbox + outbox relay). */
  withDatabase: boolean;
  logLevel?: string;
  /** POST routes answered ahead of the framework (see raw-route.ts). */
  rawRoutes?: readonly RawRoute[];
}

/**
 * Starts a service: the HTTP side (health probes) and the NATS side (events, requests, outbox relay) in one
 * hybrid Nest app, with graceful shutdown on SIGTERM so in-flight messages are acked or left for redelivery.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<INestApplication> {
  @Module({ imports: [loggingModule({ service: options.name, level: options.logLevel ?? 'info' }), options.module] })
  class ServiceRootModule {}
  // The raw routes go on the express instance before Nest adds its middleware (at init), so they come first.
  const server = express();
  let created: INestApplication | undefined;
  for (const route of options.rawRoutes ?? []) {
    let handler: RawRouteHandler | undefined;
    server.post(route.path, (req, res) => {
      handler ??= created!.get(route.handler, { strict: false });
      handler!.handle(req, res).catch((error: unknown) => {
        new NestLogger(route.handler.name).error({ err: error, path: route.path }, 'a raw route failed');
        if (!res.headersSent) res.status(500).json({ statusCode: 500, message: 'Internal server error' });
      });
    });
  }
  // rawBody: signed webhooks (messaging's calls in) check their signature over the body exactly as posted.
  const app = (created = await NestFactory.create(ServiceRootModule, new ExpressAdapter(server), { bufferLogs: true, rawBody: true }));
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
  try {
    await app.startAllMicroservices();
    await app.listen(options.http.port, options.http.host);
  } catch (error) {
    // A start that fails half way (an onApplicationBootstrap hook throwing, the port taken) closes what it opened:
    // its NATS consumers would go on taking requests and events, in a test process those of the files after it.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
