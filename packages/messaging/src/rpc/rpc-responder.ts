import type { Msg, NatsConnection, Subscription } from '@nats-io/nats-core';
import { ActorSchema, type RequestOf, type RpcContract, type RpcReply } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { runInMessageContext } from '../message-context.js';
import { Headers } from '../nats/headers.js';
import { salvageReply } from './reply-salvage.js';
import { RpcFailure } from './rpc-failure.js';

/** Room for the reply's headers under the payload limit. */
const REPLY_HEADROOM_BYTES = 4 * 1024;

export interface RequestContext {
  correlationId: string;
  /** `Bearer <jwt>` as the caller sent it, for the auth guard. */
  authorization: string | undefined;
  subject: string;
  /** The caller's Idempotency-Key, when it sent one (checked by whoever honours it: nest-kit's use cases). */
  idempotencyKey: string | undefined;
  /**
   * When the caller stops waiting (epoch ms, this process's clock), when it said (Headers.replyWithinMs): work that may
   * take longer (a model's) stops there rather than hold what the next request needs.
   */
  deadline: number | undefined;
}

export interface RequestHandlerRegistration<C extends RpcContract = RpcContract> {
  contract: C;
  handle: (request: RequestOf<C>, context: RequestContext) => Promise<unknown>;
}

/** Keeps the contract's request type on the handler while the registration joins an untyped list. */
export function requestHandler<C extends RpcContract>(registration: RequestHandlerRegistration<C>): RequestHandlerRegistration {
  return registration as unknown as RequestHandlerRegistration;
}

interface Logger {
  error(message: unknown, ...rest: unknown[]): void;
}

/**
 * Answers request/reply messages on core NATS with a queue group per service, so replicas share requests. The
 * request is parsed against the contract before the handler runs (400 with the schema's messages when it fails),
 * the answer against the response schema before it leaves. A stored value that breaks the reply's schema is logged and
 * mended (salvageReply: the field cleared, or the one list entry left out) so one bad row never makes a whole list
 * unreadable; a reply that cannot be mended is a 500, never a malformed reply.
 */
export class RpcResponder {
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly queueGroup: string,
    private readonly logger: Logger,
  ) {}

  start(registrations: readonly RequestHandlerRegistration[]): void {
    for (const registration of registrations) {
      const subscription = this.nc.subscribe(registration.contract.subject, {
        queue: this.queueGroup,
        callback: (error, msg) => {
          if (error) {
            this.logger.error({ err: error, subject: registration.contract.subject }, 'request subscription failed');
            return;
          }
          void this.answer(registration, msg);
        },
      });
      this.subscriptions.push(subscription);
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.drain()));
    this.subscriptions.length = 0;
  }

  private async answer(registration: RequestHandlerRegistration, msg: Msg): Promise<void> {
    const reply = await this.produceReply(registration, msg);
    if (!msg.reply) return;
    const encoded = JSON.stringify(reply);
    // NATS refuses a message above the server's max_payload (1 MB): the caller would only see a timeout. Lists that
    // grow are paged (page.ts); anything else that gets this big is a bug to hear about, answered as one.
    const limit = this.nc.info?.max_payload ?? Number.POSITIVE_INFINITY;
    if (Buffer.byteLength(encoded) > limit - REPLY_HEADROOM_BYTES) {
      this.logger.error({ subject: registration.contract.subject, bytes: Buffer.byteLength(encoded), limit }, 'reply larger than the NATS payload limit');
      msg.respond(JSON.stringify({ ok: false, error: { status: 500, message: 'The answer is too large to send. Please narrow the request.', code: 'reply_too_large' } }));
      return;
    }
    msg.respond(encoded);
  }

  private async produceReply(registration: RequestHandlerRegistration, msg: Msg): Promise<RpcReply> {
    const { contract } = registration;
    const correlationId = msg.headers?.get(Headers.correlationId) || uuidv7();
    const authorization = msg.headers?.get(Headers.authorization) || undefined;
    const actor = parseActor(msg.headers?.get(Headers.actor));
    const idempotencyKey = msg.headers?.has(Headers.idempotencyKey) ? msg.headers.get(Headers.idempotencyKey) : undefined;
    const deadline = deadlineOf(msg.headers?.get(Headers.replyWithinMs));
    try {
      let json: unknown;
      try {
        json = msg.json();
      } catch {
        throw RpcFailure.badRequest('The request is not valid JSON');
      }
      const parsed = contract.request.safeParse(json);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw RpcFailure.badRequest(first?.message ?? 'Invalid request', parsed.error.issues);
      }
      const result = await runInMessageContext(
        { correlationId, causationId: null, actor: actor ?? { kind: 'system', name: 'unknown' }, authorization: authorization ?? null },
        () => registration.handle(parsed.data, { correlationId, authorization, subject: contract.subject, idempotencyKey, deadline }),
      );
      const response = salvageReply(contract.response, result);
      if (!response.ok) {
        this.logger.error({ subject: contract.subject, correlationId, issues: response.issues }, 'handler returned a reply that breaks its contract');
        return { ok: false, error: { status: 500, message: 'Something went wrong', code: 'invalid_reply' } };
      }
      if (response.repairs) {
        this.logger.error({ subject: contract.subject, correlationId, ...response.repairs }, 'stored values break the reply schema: answered with them cleared or left out');
      }
      return { ok: true, data: response.data };
    } catch (error) {
      const failure = RpcFailure.from(error);
      if (failure) return { ok: false, error: failure.body };
      this.logger.error({ err: error, subject: contract.subject, correlationId }, 'request handler crashed');
      return { ok: false, error: { status: 500, message: 'Something went wrong', code: 'internal' } };
    }
  }
}

/** The caller's wait, as a deadline from now; none for a missing or nonsensical header (a caller of another version). */
function deadlineOf(replyWithinMs: string | undefined): number | undefined {
  if (!replyWithinMs || !/^\d{1,9}$/.test(replyWithinMs)) return undefined;
  return Date.now() + Number(replyWithinMs);
}

function parseActor(raw: string | undefined) {
  if (!raw) return undefined;
  try {
    const parsed = ActorSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
