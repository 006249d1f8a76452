import type { z } from 'zod';
import type { Context, EventContract, RequestOf, ResponseOf, RpcContract } from './define.js';
import { envelopeSchemaOf, type EventEnvelope, type EventOf } from './envelope.js';
import { contextStreams } from './streams.js';

/**
 * Who may receive one event of a stream: every caller who can reach a location (an event about the location), one
 * user (an event addressed to them, such as a chat reply), or the members of one account (an event about something
 * of the account's that belongs to no location yet, such as a document waiting for its location).
 */
export type StreamAudience =
  | { readonly locationId: string; readonly userId?: never; readonly accountId?: never }
  | { readonly userId: string; readonly locationId?: never; readonly accountId?: never }
  | { readonly accountId: string; readonly locationId?: never; readonly userId?: never };

/** One event a stream reads: how it becomes the browser's payload, and whom it is for. */
export interface StreamSource<Payload = unknown> {
  readonly event: EventContract;
  /** The BFF sends the event only to this audience. */
  readonly audienceOf: (envelope: EventEnvelope) => StreamAudience;
  readonly project: (envelope: EventEnvelope) => Payload;
}

/**
 * How a source names its audience: by the event's location, by the one user it is addressed to, or per event
 * (`audienceOf`, when an event is about a location or, lacking one, about an account).
 */
type AudienceMapping<C extends EventContract> =
  | { locationOf: (envelope: EventOf<C>) => string; userOf?: never; audienceOf?: never }
  | { userOf: (envelope: EventOf<C>) => string; locationOf?: never; audienceOf?: never }
  | { audienceOf: (envelope: EventOf<C>) => StreamAudience; locationOf?: never; userOf?: never };

/** Keeps the event's payload type on the mapping functions while the source joins an untyped list. */
export function streamSource<C extends EventContract, Payload>(
  event: C,
  mapping: AudienceMapping<C> & { project: (envelope: EventOf<C>) => Payload },
): StreamSource<Payload> {
  const { locationOf, userOf, audienceOf: given, project } = mapping as {
    locationOf?: (envelope: EventOf<C>) => string;
    userOf?: (envelope: EventOf<C>) => string;
    audienceOf?: (envelope: EventOf<C>) => StreamAudience;
    project: (envelope: EventOf<C>) => Payload;
  };
  if ([locationOf, userOf, given].filter((mapper) => mapper !== undefined).length !== 1) {
    throw new Error(`The stream source of ${event.subject} must name exactly one audience: locationOf, userOf or audienceOf`);
  }
  const audienceOf = (envelope: EventOf<C>): StreamAudience =>
    given ? given(envelope) : locationOf ? { locationId: locationOf(envelope) } : { userId: userOf!(envelope) };
  return Object.freeze({ event, audienceOf, project }) as unknown as StreamSource<Payload>;
}

/**
 * A server-sent event stream the browser listens to: a projection of one or more events of one context, filtered
 * to each event's audience (the caller's locations, the caller themself, or the caller's account). The HTTP binding (path) is part of the contract, like a request's.
 */
export interface StreamContract<Path extends string = string, Data extends z.ZodType = z.ZodType> {
  readonly kind: 'stream';
  /** Relative to the API base path, e.g. `msg/notify-stream`. */
  readonly path: Path;
  /** The SSE `event:` name every message of the stream carries. */
  readonly eventName: string;
  /** What the browser receives as `data:` (JSON). */
  readonly data: Data;
  readonly sources: readonly StreamSource<z.input<Data>>[];
  readonly context: Context;
  /**
   * The one JetStream stream all sources are read from. A message's `id:` is its sequence in this stream, which is
   * what makes `Last-Event-ID` a resume point; sequences of two streams could not be compared, hence one context.
   */
  readonly jetStream: string;
  readonly subjects: readonly string[];
  readonly description: string;
  /** A valid payload, for documentation and the stream's tests. */
  readonly fixture: z.input<Data>;
  /** Set for a stream that answers one request (a chat answer): see `StreamStart`. */
  readonly start?: StreamStart<Data>;
}

/**
 * A stream that answers one request rather than following a feed: opening it asks `rpc` (with the caller's token, the
 * request read from the query string) to start a piece of work, and the stream then carries that work's events only,
 * those whose `keyOf` is the request's `key`, and ends after the first one that `ends` it. The work is named by
 * `key`: the browser may name it itself (to resume after a lost connection, with Last-Event-ID, without starting it
 * twice); otherwise the BFF draws a UUIDv7. The events travel like every stream's, through JetStream to the one user
 * (`userOf`), so a stream answered by another BFF replica, or resumed, loses nothing.
 */
export interface StreamStart<Data extends z.ZodType = z.ZodType, R extends RpcContract = RpcContract> {
  readonly rpc: R;
  /** The request field naming the work, filled by the BFF when the query string leaves it out. */
  readonly key: string;
  readonly keyOf: (data: z.output<Data>) => string;
  /** The last message of the work (done, or failed). */
  readonly ends: (data: z.output<Data>) => boolean;
  /**
   * The start call found the work begun already (the same key, asked again): the stream replays the window (or resumes
   * after Last-Event-ID) instead of waiting for what comes next only.
   */
  readonly resumed: (response: ResponseOf<R>) => boolean;
  /** How long the stream waits for the work's last message before ending it with `timedOut(key)`. */
  readonly timeoutMs: number;
  readonly timedOut: (key: string) => z.input<Data>;
}

/**
 * Keeps a start binding's types (the stream's messages, the request's key, the response) while the stream joins an
 * untyped list; `data` is the stream's schema, given for its type.
 */
export function streamStart<Data extends z.ZodType, R extends RpcContract>(_data: Data, start: StreamStart<Data, R> & { key: string & keyof RequestOf<R> }): StreamStart<Data> {
  return Object.freeze({ ...start }) as unknown as StreamStart<Data>;
}

const pathPattern = /^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)*$/;
const eventNamePattern = /^[a-z][a-z0-9_-]*$/;

export function defineStream<const Path extends string, Data extends z.ZodType>(definition: {
  path: Path;
  eventName: string;
  data: Data;
  sources: readonly StreamSource<z.input<Data>>[];
  description: string;
  fixture: z.input<Data>;
  start?: StreamStart<Data>;
}): StreamContract<Path, Data> {
  const { path, eventName, sources } = definition;
  if (!pathPattern.test(path)) throw new Error(`Stream path "${path}" must be lower-case segments without a leading slash or parameters`);
  if (!eventNamePattern.test(eventName)) throw new Error(`Stream "${path}" has an invalid SSE event name "${eventName}"`);
  const [first] = sources;
  if (!first) throw new Error(`Stream "${path}" reads no event`);
  const subjects = sources.map((source) => source.event.subject);
  if (new Set(subjects).size !== subjects.length) throw new Error(`Stream "${path}" reads the same event twice`);
  const foreign = sources.filter((source) => source.event.context !== first.event.context);
  if (foreign.length > 0) {
    throw new Error(`Stream "${path}" mixes contexts (${first.event.subject}, ${foreign[0]!.event.subject}): its ids are one stream's sequence`);
  }
  if (!definition.data.safeParse(definition.fixture).success) throw new Error(`Stream "${path}" has a fixture that does not parse`);
  if (definition.start && !definition.data.safeParse(definition.start.timedOut('fixture')).success) {
    throw new Error(`Stream "${path}" ends a timed-out request with a message that does not parse`);
  }
  return Object.freeze({
    kind: 'stream',
    ...definition,
    sources: Object.freeze([...sources]),
    context: first.event.context,
    jetStream: contextStreams[first.event.context].name,
    subjects: Object.freeze(subjects),
  });
}

export type StreamDataOf<S extends StreamContract> = z.output<S['data']>;

export type ProjectedStreamEvent<S extends StreamContract = StreamContract> =
  | { ok: true; audience: StreamAudience; data: StreamDataOf<S> }
  | { ok: false; reason: string };

/**
 * Turns one message of the stream's JetStream stream into what the browser gets: the envelope is parsed against its
 * event contract and the projection against the stream's schema, so nothing unchecked crosses either boundary.
 */
export function projectStreamEvent<S extends StreamContract>(stream: S, subject: string, json: unknown): ProjectedStreamEvent<S> {
  const source = stream.sources.find((candidate) => candidate.event.subject === subject);
  if (!source) return { ok: false, reason: `${subject} is not read by ${stream.path}` };
  const envelope = envelopeSchemaOf(source.event).safeParse(json);
  if (!envelope.success) return { ok: false, reason: `envelope: ${envelope.error.issues[0]?.message ?? 'invalid'}` };
  const data = stream.data.safeParse(source.project(envelope.data as EventEnvelope));
  if (!data.success) return { ok: false, reason: `projection: ${data.error.issues[0]?.message ?? 'invalid'}` };
  return { ok: true, audience: source.audienceOf(envelope.data as EventEnvelope), data: data.data as StreamDataOf<S> };
}

/** Refuses a list of streams two of which would answer the same path. */
export function assertDistinctStreamPaths(streams: readonly StreamContract[]): void {
  const seen = new Set<string>();
  for (const stream of streams) {
    if (seen.has(stream.path)) throw new Error(`Two streams share the path "${stream.path}"`);
    seen.add(stream.path);
  }
}
