import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/nats-core';
import { EventPublisher } from '../events/event-publisher.js';
import { connectNats } from '../nats/connect-nats.js';
import { RpcClient } from '../rpc/rpc-client.js';
import { ServiceTokenProvider, type ServiceCredentials } from '../rpc/service-token-provider.js';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export interface MessagingModuleOptions {
  servers: string;
  /** Process name, shown in NATS's connection list. */
  name: string;
  requestTimeoutMs?: number;
  /** The process's client credentials: calls made outside a user's request then carry a service token. */
  serviceCredentials?: ServiceCredentials;
}

/** One NATS connection per process, with the typed request client and event publisher built on it. */
@Module({})
export class MessagingModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  static forRoot(options: MessagingModuleOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [
        { provide: NATS_CONNECTION, useFactory: () => connectNats(options) },
        {
          provide: RpcClient,
          useFactory: (nc: NatsConnection) =>
            new RpcClient(
              nc,
              options.requestTimeoutMs,
              options.serviceCredentials ? ServiceTokenProvider.overNats(nc, options.serviceCredentials) : undefined,
            ),
          inject: [NATS_CONNECTION],
        },
        { provide: EventPublisher, useFactory: (nc: NatsConnection) => new EventPublisher(nc), inject: [NATS_CONNECTION] },
      ],
      exports: [NATS_CONNECTION, RpcClient, EventPublisher],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
