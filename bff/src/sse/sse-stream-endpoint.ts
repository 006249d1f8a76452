import { BadRequestException, Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/nats-core';
import { projectStreamEvent, type StreamAudience, type StreamContract } from '@pm/contracts';
import { NATS_CONNECTION } from '@pm/messaging';
import { PRINCIPAL, type Principal } from '@pm/nest-kit';
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
    @Inject(SSE_STREAMS_OPTIONS) private readonly options: Required<SseStreamsOptions>,
  ) {}

  async serve(stream: StreamContract, request: Request & { [PRINCIPAL]?: Principal }, response: Response): Promise<void> {
    const principal = request[PRINCIPAL];
    const authorization = request.headers.authorization;
    // The auth guard has run; without a principal the route was misconfigured as public.
    if (!principal || !authorization) throw new Error(`Stream ${stream.path} served without a verified caller`);
    const afterSeq = parseLastEventId(request.headers['last-event-id']);
    await this.locations.of(principal.userId, authorization);

    const tail = await openJetStreamTail(this.nc, stream, {
      afterSeq,
      replayWindowMs: this.options.replayWindowMs,
      batch: 64,
      inactiveThresholdMs: 60_000,
    });
    this.open.add(tail);
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

  private async *frames(stream: StreamContract, tail: JetStreamTail, userId: string, authorization: string): AsyncGenerator<SseFrame> {
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

function parseJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(data));
  } catch {
    return undefined;
  }
}
