export interface SseStreamsOptions {
  /** Comment lines this often keep proxies and the web's 60 s idle timer from closing a quiet stream. */
  heartbeatMs?: number;
  /** How far back a Last-Event-ID resume replays at most. */
  replayWindowMs?: number;
  /** How long the caller's reachable locations are trusted before portfolio is asked again. */
  locationsTtlMs?: number;
}

export const SSE_STREAMS_OPTIONS = Symbol('SSE_STREAMS_OPTIONS');

export const defaultSseStreamsOptions: Required<SseStreamsOptions> = {
  heartbeatMs: 15_000,
  replayWindowMs: 10 * 60_000,
  locationsTtlMs: 30_000,
};
