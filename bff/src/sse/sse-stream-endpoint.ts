import { BadRequestException, Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/nats-core';
import { projectStreamEvent, type StreamAudience, type StreamContract, type StreamStart } from '@pm/contracts';
import { NATS_CONNECTION, RpcClient, RpcFailure, runInMessageContext } from '@pm/messaging';
import { PRINCIPAL, REQUEST_ID_HEADER, type Principal } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { CallerLocations } from './caller-locations.js';
import { openJetStreamTail, type JetStreamTail } from './jetstream-tail.js';
import { SSE_STREAMS_OPTIONS, type SseStreamsOptions } from './sse-streams.options.js';
import { sendSse, type SseFrame } from './sse-writer.js';

const lastEventIdPattern = /^\d{1,15}$/;
const decoder = new TextDecoder();

/**
 * Serves one stream contract to one browser: the caller's locations are asked first (so a refused token is an
 * HTTP 401, not a broken stream), then the contract's events are tailed from JetStream, projected, filtered to their
 * audience (those locations, or the caller as the one user an event is addressed to) and written with the stream sequence as `id:`. The consumer goes when the browser does.
 */
@Injectable()
export class SseStreamEndpoint implements BeforeApplicationShutdown {
  private readonly logger = new Logger('SseStreams');
  private readonly open = new Set<JetStreamTail>();

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly locations: CallerLocations,
    private readonly rpc: RpcClient,
    @Inject(SSE_STREAMS_OPTIONS) private readonly options: Required<SseStreamsOptions>,
  ) {}

  async serve(stream: StreamContract, request: Request & { [PRINCIPAL]?: Principal }, response: Response): Promise<void> {
    const principal = request[PRINCIPAL];
    const authorization = request.headers.authorization;
    // The auth guard has run; without a principal the route was misconfigured as public.
    if (!principal || !authorization) throw new Error(`Stream ${stream.path} served without a verified caller`);
    const afterSeq = parseLastEventId(request.headers['last-event-id']);
    await this.locations.of(principal.userId, authorization);
    if (stream.start) return this.serveStarted(stream, stream.start, { request, response, principal, authorization, afterSeq });

    const tail = await this.tail(stream, afterSeq);
    try {
      await sendSse(
        response,
        (clientGone) => {
          clientGone.addEventListener('abort', () => void tail.close(), { once: true });
          return this.frames(stream, tail, principal.userId, authorization);
        },
        {
          heartbeatMs: this.options.heartbeatMs,
          // Most often the caller's token expired (portfolio answers 401): the browser reconnects with a fresh one
          // and resumes from its Last-Event-ID, so ending the stream loses nothing.
          onError: (error) => this.logger.log({ stream: stream.path, err: error }, 'stream ended by an error'),
        },
      );
    } finally {
      this.open.delete(tail);
      await tail.close();
    }
  }

  /**
   * A stream that answers one request (`stream.start`): the request is read from the query string and the key that
   * names its work filled in, the work's events are tailed before the start call is made (so none is missed, however
   * fast the work), then the caller's events of that key are sent until the one that ends the work, or the timeout's
   * message. The start call's refusals (400, 404, 409, 503…) answer before the stream opens, as JSON.
   */
  private async serveStarted(
    stream: StreamContract,
    start: StreamStart,
    { request, response, principal, authorization, afterSeq }: { request: Request; response: Response; principal: Principal; authorization: string; afterSeq: number | undefined },
  ): Promise<void> {
    const query = queryOf(request);
    const key = query[start.key] ?? crypto.randomUUID();
    const parsed = start.rpc.request.safeParse({ ...query, [start.key]: key });
    if (!parsed.success) throw RpcFailure.badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');

    let tail = await this.tail(stream, afterSeq);
    let started: unknown;
    try {
      const correlationId = String((request as Request & { id?: unknown }).id ?? request.headers[REQUEST_ID_HEADER] ?? '') || crypto.randomUUID();
      started = await runInMessageContext(
        { correlationId, causationId: null, actor: { kind: principal.isAnonymous ? 'anonymous' : 'user', userId: principal.userId }, authorization },
        () => this.rpc.request(start.rpc, parsed.data as never, { timeoutMs: START_TIMEOUT_MS }),
      );
      // Work begun before (the same key again) may have published what this tail, opened at the stream's end, would miss.
      if (afterSeq === undefined && start.resumed(started as never)) {
        this.open.delete(tail);
        await tail.close();
        tail = await this.tail(stream, 0);
      }
    } catch (error) {
      this.open.delete(tail);
      await tail.close();
      throw error;
    }
    const opened = tail;
    try {
      await sendSse(
        response,
        (clientGone) => {
          clientGone.addEventListener('abort', () => void opened.close(), { once: true });
          return this.startedFrames(stream, start, opened, { key, userId: principal.userId, authorization });
        },
        { heartbeatMs: this.options.heartbeatMs, onError: (error) => this.logger.log({ stream: stream.path, err: error }, 'stream ended by an error') },
      );
    } finally {
      this.open.delete(opened);
      await opened.close();
    }
  }

  /** The work's own messages, up to the one that ends it; its timeout's message when none came in time. */
  private async *startedFrames(stream: StreamContract, start: StreamStart, tail: JetStreamTail, caller: { key: string; userId: string; authorization: string }): AsyncGenerator<SseFrame> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void tail.close();
    }, start.timeoutMs);
    try {
      for await (const frame of this.frames(stream, tail, caller.userId, caller.authorization)) {
        if (start.keyOf(frame.data) !== caller.key) continue;
        yield frame;
        if (start.ends(frame.data)) return;
      }
      if (timedOut) yield { event: stream.eventName, data: stream.data.parse(start.timedOut(caller.key)) };
    } finally {
      clearTimeout(timer);
    }
  }

  private async tail(stream: StreamContract, afterSeq: number | undefined): Promise<JetStreamTail> {
    const tail = await openJetStreamTail(this.nc, stream, {
      afterSeq,
      replayWindowMs: this.options.replayWindowMs,
      batch: 64,
      inactiveThresholdMs: 60_000,
    });
    this.open.add(tail);
    return tail;
  }

  private async *frames(stream: StreamContract, tail: JetStreamTail, userId: string, authorization: string): AsyncGenerator<SseFrame & { data: unknown }> {
    for await (const message of tail.messages) {
      const projected = projectStreamEvent(stream, message.subject, parseJson(message.data));
      if (!projected.ok) {
        this.logger.warn({ stream: stream.path, seq: message.seq, reason: projected.reason }, 'stream event skipped');
        continue;
      }
      if (await this.reaches(projected.audience, userId, authorization)) {
        yield { id: String(message.seq), event: stream.eventName, data: projected.data };
      }
    }
  }

  /**
   * An event addressed to a user goes to that user only; one about an account to its members (a user acts for their
   * own account: its id is theirs, as the services' callers have it); one about a location to whoever reaches it now.
   */
  private async reaches(audience: StreamAudience, userId: string, authorization: string): Promise<boolean> {
    if (audience.userId !== undefined) return audience.userId === userId;
    if (audience.accountId !== undefined) return audience.accountId === userId;
    const reachable = await this.locations.of(userId, authorization);
    return reachable.has(audience.locationId);
  }

  /** Before the HTTP server closes: it waits for open connections, which end only when their tails do. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.open].map((tail) => tail.close()));
  }
}

function parseLastEventId(header: string | string[] | undefined): number | undefined {
  if (header === undefined || header === '') return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !lastEventIdPattern.test(value.trim())) {
    throw new BadRequestException('Last-Event-ID must be the id of an event this stream sent');
  }
  return Number(value.trim());
}

/** How long the BFF waits for a start call: it checks and gathers, and leaves the long work to the events. */
const START_TIMEOUT_MS = 30_000;

/** The query string's parameters, each given once: a request's fields are single values. */
function queryOf(request: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.query)) {
    if (typeof value !== 'string') throw RpcFailure.badRequest(`The query parameter "${name}" must be given once, as text`);
    query[name] = value;
  }
  return query;
}

function parseJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(data));
  } catch {
    return undefined;
  }
}
