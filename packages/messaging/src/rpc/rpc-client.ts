import { headers as natsHeaders, NoRespondersError, RequestError, TimeoutError, type NatsConnection } from '@nats-io/nats-core';
import { RpcReplySchema, type RequestInputOf, type ResponseOf, type RpcContract } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { currentMessageContext } from '../message-context.js';
import { Headers } from '../nats/headers.js';
import { RpcFailure } from './rpc-failure.js';

export interface RequestOptions {
  timeoutMs?: number;
  /** The caller's bearer token; the service verifies it itself. Defaults to the current message context's. */
  authorization?: string;
  correlationId?: string;
}

/**
 * Typed request/reply over core NATS: the payload is parsed against the contract before it leaves, the reply is
 * parsed before it is returned, and a failure comes back as an RpcFailure carrying the service's status and message.
 */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly defaultTimeoutMs = 10_000,
  ) {}

  async request<C extends RpcContract>(contract: C, payload: RequestInputOf<C>, options: RequestOptions = {}): Promise<ResponseOf<C>> {
    const parsed = contract.request.safeParse(payload);
    if (!parsed.success) throw RpcFailure.badRequest(parsed.error.issues[0]?.message ?? 'Invalid request', parsed.error.issues);
    const data = parsed.data;
    const context = currentMessageContext();
    const h = natsHeaders();
    h.set(Headers.correlationId, options.correlationId ?? context?.correlationId ?? uuidv7());
    const authorization = options.authorization ?? context?.authorization;
    if (authorization) h.set(Headers.authorization, authorization);
    if (context?.actor) h.set(Headers.actor, JSON.stringify(context.actor));

    let reply;
    try {
      reply = await this.nc.request(contract.subject, JSON.stringify(data), {
        timeout: options.timeoutMs ?? this.defaultTimeoutMs,
        headers: h,
      });
    } catch (error) {
      if (error instanceof NoRespondersError || (error instanceof RequestError && error.isNoResponders())) {
        throw new RpcFailure(503, 'The service is not available right now. Please try again.', 'no_responders');
      }
      if (error instanceof TimeoutError) {
        throw new RpcFailure(504, 'The service took too long to answer. Please try again.', 'timeout');
      }
      throw error;
    }
    const body = RpcReplySchema.parse(reply.json());
    if (!body.ok) throw new RpcFailure(body.error.status, body.error.message, body.error.code, body.error.details);
    return contract.response.parse(body.data) as ResponseOf<C>;
  }
}
