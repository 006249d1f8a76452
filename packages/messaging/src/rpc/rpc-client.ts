import { headers as natsHeaders, NoRespondersError, RequestError, TimeoutError, type NatsConnection } from '@nats-io/nats-core';
import { RpcReplySchema, type RequestInputOf, type ResponseOf, type RpcContract } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { currentMessageContext } from '../message-context.js';
import { Headers } from '../nats/headers.js';
import { RpcFailure } from './rpc-failure.js';
import type { ServiceTokenProvider } from './service-token-provider.js';

export interface RequestOptions {
  timeoutMs?: number;
  /**
   * The bearer token to send; the service verifies it itself. By default, while serving a request, the token it came
   * with (none if it came without); for the process's own work, its service token. `null` sends none.
   */
  authorization?: string | null;
  /** Call as this process (its service token) even while serving a user's request, e.g. for a composed view. */
  asService?: boolean;
  correlationId?: string;
  /** The client's Idempotency-Key, for a contract bound `idempotent`: the service answers a retry with its first answer. */
  idempotencyKey?: string;
}

/**
 * Typed request/reply over core NATS: the payload is parsed against the contract before it leaves, the reply was
 * checked against it by the responder, and a failure comes back as an RpcFailure carrying the service's status and
 * message.
 *
 * Who the call is made as: while serving a user's request, that user (the message context holds the token; the
 * client itself never keeps one); for the process's own work (event handlers and workflow activities have no
 * request), the service token for the contract's context from the ServiceTokenProvider, when the process has client
 * credentials. A request that came without a token goes on without one.
 */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly defaultTimeoutMs = 10_000,
    private readonly serviceTokens?: ServiceTokenProvider,
  ) {}

  async request<C extends RpcContract>(contract: C, payload: RequestInputOf<C>, options: RequestOptions = {}): Promise<ResponseOf<C>> {
    const parsed = contract.request.safeParse(payload);
    if (!parsed.success) throw RpcFailure.badRequest(parsed.error.issues[0]?.message ?? 'Invalid request', parsed.error.issues);
    const data = parsed.data as RequestInputOf<C>;
    if (options.authorization !== undefined) return this.send(contract, data, options.authorization ?? undefined, options);
    if (!options.asService) {
      const served = currentMessageContext();
      // Serving a request: forward its token, or none at all; never the process's own for a caller without one.
      if (served && served.authorization !== undefined) return this.send(contract, data, served.authorization ?? undefined, options);
    }
    if (!this.serviceTokens) {
      if (options.asService) throw new Error('asService needs client credentials (SERVICE_CLIENT_ID, SERVICE_CLIENT_SECRET)');
      return this.send(contract, data, undefined, options);
    }
    const token = await this.serviceTokens.token(contract.context);
    try {
      return await this.send(contract, data, `Bearer ${token}`, options);
    } catch (error) {
      // A token refused before its time (a rotated key, a clock ahead of ours): fetch a fresh one and try once more.
      if (!(error instanceof RpcFailure) || error.status !== 401) throw error;
      this.serviceTokens.invalidate(contract.context, token);
      return this.send(contract, data, `Bearer ${await this.serviceTokens.token(contract.context)}`, options);
    }
  }

  private async send<C extends RpcContract>(contract: C, data: RequestInputOf<C>, authorization: string | undefined, options: RequestOptions): Promise<ResponseOf<C>> {
    const context = currentMessageContext();
    const h = natsHeaders();
    h.set(Headers.correlationId, options.correlationId ?? context?.correlationId ?? uuidv7());
    if (authorization) h.set(Headers.authorization, authorization);
    if (context?.actor) h.set(Headers.actor, JSON.stringify(context.actor));
    if (options.idempotencyKey !== undefined) h.set(Headers.idempotencyKey, options.idempotencyKey);
    const timeout = options.timeoutMs ?? this.defaultTimeoutMs;
    h.set(Headers.replyWithinMs, String(timeout));

    let reply;
    try {
      reply = await this.nc.request(contract.subject, JSON.stringify(data), { timeout, headers: h });
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
    // The responder checked the answer against the same contract before it left (RpcResponder, salvageReply): it is
    // that schema's output already, so a second parse here would only repeat the work on every call.
    return body.data as ResponseOf<C>;
  }
}
