import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { EventContract, EventOf, RequestOf, ResponseOf, RpcContract } from '@pm/contracts';
import type { ConsumerOptions } from '../events/event-consumers.js';

export const CONTRACT_EXTRA = 'pmContract';
export const DURABLE_EXTRA = 'pmDurable';
export const CONSUMER_OPTIONS_EXTRA = 'pmConsumerOptions';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the trailing parameters are Nest-injected, any type goes
type Handler<Payload, R> = (payload: Payload, ...injected: any[]) => R;

// The parameters after the payload are the transport's context (EventContext / RequestContext) or whatever Nest
// parameter decorators inject (e.g. @CurrentPrincipal()), so only the payload's type is pinned.

/**
 * Subscribes the method to one event through a durable JetStream consumer named `<service>.<event>`. The method's
 * parameter is type-checked against the contract: `handle(event: EventOf<typeof TenantCreated>)`.
 */
export function OnEvent<C extends EventContract>(contract: C, options: { durable: string } & ConsumerOptions) {
  const { durable, ...consumerOptions } = options;
  // Nest's own decorator types the payload as `{}`; the typed signature above is the one callers see.
  const decorate = EventPattern(contract.subject, {
    [CONTRACT_EXTRA]: contract,
    [DURABLE_EXTRA]: durable,
    [CONSUMER_OPTIONS_EXTRA]: consumerOptions,
  }) as unknown as MethodDecorator;
  return <M extends Handler<EventOf<C>, Promise<unknown>>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => {
    decorate(target, key, descriptor);
  };
}

/** Answers one request/reply contract; the return type is checked against the contract's response. */
export function OnRequest<C extends RpcContract>(contract: C) {
  const decorate: MethodDecorator = MessagePattern(contract.subject, { [CONTRACT_EXTRA]: contract });
  return <M extends Handler<RequestOf<C>, Promise<ResponseOf<C>>>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => {
    decorate(target, key, descriptor);
  };
}
