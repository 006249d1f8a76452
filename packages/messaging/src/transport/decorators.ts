import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { EventContract, EventOf, RequestOf, ResponseOf, RpcContract } from '@pm/contracts';
import type { ConsumerOptions } from '../events/event-consumers.js';

export const CONTRACT_EXTRA = 'pmContract';
export const DURABLE_EXTRA = 'pmDurable';
export const CONSUMER_OPTIONS_EXTRA = 'pmConsumerOptions';

type Method<Args extends unknown[], R> = TypedPropertyDescriptor<(...args: Args) => R>;

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
  return (target: object, key: string | symbol, descriptor: Method<[event: EventOf<C>, ...rest: never[]], Promise<unknown>>) => {
    decorate(target, key, descriptor);
  };
}

/** Answers one request/reply contract; the return type is checked against the contract's response. */
export function OnRequest<C extends RpcContract>(contract: C) {
  const decorate: MethodDecorator = MessagePattern(contract.subject, { [CONTRACT_EXTRA]: contract });
  return (
    target: object,
    key: string | symbol,
    descriptor: Method<[request: RequestOf<C>, ...rest: never[]], Promise<ResponseOf<C>>>,
  ) => {
    decorate(target, key, descriptor);
  };
}
