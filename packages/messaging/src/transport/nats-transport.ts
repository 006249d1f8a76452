import type { MikroORM } from '@mikro-orm/core';
import { Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/nats-core';
import type { EventContract, RpcContract } from '@pm/contracts';
import { lastValueFrom } from 'rxjs';
import { EventConsumers, type ConsumerOptions, type EventHandlerRegistration } from '../events/event-consumers.js';
import { EventPublisher } from '../events/event-publisher.js';
import { ensureStreams } from '../nats/ensure-streams.js';
import { OutboxRelay, type OutboxRelayOptions } from '../outbox/outbox-relay.js';
import { OutboxWrittenSubscriber } from '../outbox/outbox-written.subscriber.js';
import { RpcResponder, type RequestHandlerRegistration } from '../rpc/rpc-responder.js';
import { CONSUMER_OPTIONS_EXTRA, CONTRACT_EXTRA, DURABLE_EXTRA } from './decorators.js';

export interface NatsTransportOptions {
  /** The service name: queue group for requests, prefix of log lines. */
  name: string;
  /** The process's NATS connection (from MessagingModule), resolved when the transport starts. */
  connection: () => NatsConnection;
  /** The service's MikroORM, when it has a database: enables the inbox and the outbox relay. */
  orm?: () => MikroORM;
  outbox?: OutboxRelayOptions;
}

/**
 * The platform's @nestjs/microservices transport: `@OnEvent` methods become durable JetStream consumers, `@OnRequest`
 * methods answer core-NATS request/reply, and, for a service with a database, the outbox relay runs alongside.
 * (NestJS's built-in NATS transport is core NATS only: no persistence, no acks, no redelivery.)
 */
export class NatsTransport extends Server implements CustomTransportStrategy {
  private readonly log: Logger;
  private consumers: EventConsumers | undefined;
  private responder: RpcResponder | undefined;
  private relay: OutboxRelay | undefined;

  constructor(private readonly options: NatsTransportOptions) {
    super();
    this.log = new Logger(`NatsTransport:${options.name}`);
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const nc = this.options.connection();
      const orm = this.options.orm?.();
      await ensureStreams(nc);
      const publisher = new EventPublisher(nc);
      if (orm) {
        this.relay = new OutboxRelay(orm.em, publisher, this.log, this.options.outbox);
        const relay = this.relay;
        orm.em.getEventManager().registerSubscriber(new OutboxWrittenSubscriber(() => relay.wake()));
        this.relay.start();
      }
      this.responder = new RpcResponder(nc, this.options.name, this.log);
      this.responder.start(this.requestRegistrations());
      this.consumers = new EventConsumers(nc, publisher, this.log, orm);
      await this.consumers.start(this.eventRegistrations());
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    await this.responder?.stop();
    await this.consumers?.stop();
    await this.relay?.stop();
  }

  on(): never {
    throw new Error('NatsTransport does not support event listeners via on()');
  }

  unwrap<T>(): T {
    return this.options.connection() as T;
  }

  private eventRegistrations(): EventHandlerRegistration[] {
    return this.platformHandlers(true).map(({ handler, contract }) => ({
      contract: contract as EventContract,
      durable: handler.extras?.[DURABLE_EXTRA] as string,
      options: handler.extras?.[CONSUMER_OPTIONS_EXTRA] as ConsumerOptions | undefined,
      handle: (event, context) => this.invoke(handler, event, context),
    }));
  }

  private requestRegistrations(): RequestHandlerRegistration[] {
    return this.platformHandlers(false).map(({ handler, contract }) => ({
      contract: contract as RpcContract,
      handle: (request, context) => this.invoke(handler, request, context),
    }));
  }

  private platformHandlers(events: boolean) {
    return [...this.messageHandlers.values()]
      .filter((handler) => Boolean(handler.isEventHandler) === events && handler.extras?.[CONTRACT_EXTRA])
      .map((handler) => ({ handler, contract: handler.extras?.[CONTRACT_EXTRA] as EventContract | RpcContract }));
  }

  /** Runs a handler through Nest's pipeline (guards, interceptors, filters) and waits for its result. */
  private async invoke(handler: MessageHandler, data: unknown, context: unknown): Promise<unknown> {
    const result$ = this.transformToObservable(await handler(data, context));
    return lastValueFrom(result$, { defaultValue: undefined });
  }
}
