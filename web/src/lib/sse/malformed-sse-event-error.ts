/**
 * An event (or line) the stream carried but the reader could not use: invalid SSE syntax, data that is not
 * JSON, or JSON the caller's parse function rejected. The stream goes on; the raw text is kept for reporting.
 */
export class MalformedSseEventError extends Error {
  override readonly name = 'MalformedSseEventError';

  constructor(
    message: string,
    readonly raw: string,
    readonly event: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
