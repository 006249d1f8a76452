/** One server-sent event whose data passed the caller's parse function. */
export interface SseMessage<T> {
  /** The `event:` field; undefined for plain `data:` messages, which browsers would call "message". */
  event: string | undefined;
  data: T;
  id: string | undefined;
}
